import AuthEngine
import Testing

/// Two partitions over one store (as the real accounts and the emulator's share one keyring) see only
/// their own items, under the same keys.
@Suite struct PartitionedSecretStoreTests {
  @Test func partitionsDoNotSeeEachOther() async throws {
    let shared = InMemorySecretStore()
    let emulator = PartitionedSecretStore(shared, partition: "emulator")
    let key = SecretKey(namespace: "credential", id: "github-583231")
    try await shared.store(StoredSecret("real"), for: key, label: "real")
    try await emulator.store(StoredSecret("emulated"), for: key, label: "emulated")

    #expect(try await shared.load(key)?.reveal() == "real")
    #expect(try await emulator.load(key)?.reveal() == "emulated")
    #expect(try await shared.ids(in: "credential") == ["github-583231"])
    #expect(try await emulator.ids(in: "credential") == ["github-583231"])
    #expect(try await shared.ids(in: "emulator.credential") == ["github-583231"])

    try await emulator.delete(key)
    #expect(try await emulator.load(key) == nil)
    #expect(try await shared.load(key)?.reveal() == "real")
  }
}
