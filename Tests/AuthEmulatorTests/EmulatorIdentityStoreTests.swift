import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// `FileEmulatorIdentityStore`: `DATA_DIR/emulator/identities.json`, private, atomic, resettable.
@Suite struct EmulatorIdentityStoreTests {
  let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-ids-\(UUID().uuidString)")
  let ada = EmulatorIdentity(provider: .github, id: "1000001", name: "Ada", email: "ada@example.com", login: "ada")

  @Test func seedsUntilSomethingIsAdded() async throws {
    let store = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    #expect(try await store.identities() == EmulatorIdentity.seeds)
    #expect(!FileManager.default.fileExists(atPath: store.file.path))
    let seeds = EmulatorIdentity.seeds
    #expect(seeds.contains { $0.provider == .github && $0.label == "Mona Octocat <octocat@example.com>" })
    let shared = seeds.filter { $0.email == "octocat@example.com" }.map(\.provider)
    #expect(shared.contains(.github) && shared.contains(.twitter))
    #expect(seeds.contains { $0.provider == .twitter && $0.email != "octocat@example.com" })
    #expect(seeds.contains { $0.provider == .oidc })
  }

  @Test func persistsAcrossInstancesPrivately() async throws {
    try await FileEmulatorIdentityStore(dataDirectory: dataDirectory).add(ada)
    let reopened = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    #expect(try await reopened.identities() == EmulatorIdentity.seeds + [ada])
    #expect(reopened.file.path == dataDirectory.path + "/emulator/identities.json")
    #expect(try fileMode(reopened.file.path) == 0o600)
    #expect(try fileMode(reopened.file.deletingLastPathComponent().path) == 0o700)
  }

  @Test func writesReplaceTheFileByRenaming() async throws {
    let store = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    try await store.add(ada)
    let before = try #require(
      FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? NSNumber)
    var bob = ada
    bob.id = "1000002"
    try await store.add(bob)
    let after = try #require(
      FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? NSNumber)
    #expect(before != after)  // a new file renamed into place, not the old one rewritten
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.file.deletingLastPathComponent().path)
    #expect(leftovers == ["identities.json"])
    #expect(try fileMode(store.file.path) == 0o600)
  }

  @Test func resetRestoresTheSeeds() async throws {
    let store = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    try await store.add(ada)
    try await store.reset()
    #expect(try await store.identities() == EmulatorIdentity.seeds)
    #expect(try await FileEmulatorIdentityStore(dataDirectory: dataDirectory).identities() == EmulatorIdentity.seeds)
  }

  @Test func corruptFileIsKeptAsideAndReported() async throws {
    let store = FileEmulatorIdentityStore(dataDirectory: dataDirectory)
    try await store.add(ada)
    let garbage = Data("{\"version\": 1, \"identities\": [tru".utf8)
    try garbage.write(to: store.file)
    let error = await expectAuthError(.storageFailure) { try await store.identities() }
    let folder = store.file.deletingLastPathComponent()
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix("identities.json.corrupt-")
    }
    #expect(kept.count == 1)
    #expect(FileManager.default.contents(atPath: folder.appendingPathComponent(kept[0]).path) == garbage)
    let keptAs = folder.appendingPathComponent(kept[0]).path
    guard case .storage(let issue)? = error?.payload else {
      Issue.record("no storage payload")
      return
    }
    #expect(issue == StorageIssue(path: store.file.path, problem: .invalidContents(keptAs: keptAs)))
    #expect(try await store.identities() == EmulatorIdentity.seeds)
  }

  @Test func inMemoryStoreResets() async throws {
    let store = InMemoryEmulatorIdentityStore()
    await store.add(ada)
    #expect(await store.identities().count == EmulatorIdentity.seeds.count + 1)
    await store.reset()
    #expect(await store.identities() == EmulatorIdentity.seeds)
  }
}
