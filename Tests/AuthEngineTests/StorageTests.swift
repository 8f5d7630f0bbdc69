import AuthEngine
import Foundation
import TestSupport
import Testing

/// The data dir, the SQLite store and the file secret store: modes, atomicity, no secrets in SQLite.
@Suite struct StorageTests {
  @Test func dataDirIs0700AndFilesAre0600() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    _ = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    #expect(try fileMode(harness.dataDirectory.path) == 0o700)
    let files = try FileManager.default.contentsOfDirectory(atPath: harness.dataDirectory.path)
    #expect(files.contains("auth.sqlite"))
    for file in files {
      #expect(try fileMode(harness.dataDirectory.appendingPathComponent(file).path) == 0o600, "\(file)")
    }
  }

  @Test func existingLooseDataDirIsTightened() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(
      at: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    _ = try AuthDatabase(directory: dir)
    #expect(try fileMode(dir.path) == 0o700)
  }

  @Test func theDatabaseHoldsNoSecret() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let state = try #require(FormParameters.query(of: pending.authorizationURL)?["state"])
    let stored = await harness.secrets.revealedValues()
    #expect(stored.count == 1)
    let verifier = try #require(try JSONSerialization.jsonObject(with: Data(stored[0].utf8)) as? [String: String])[
      "codeVerifier"]
    let bytes = try FileManager.default.contentsOfDirectory(atPath: harness.dataDirectory.path).compactMap {
      FileManager.default.contents(atPath: harness.dataDirectory.appendingPathComponent($0).path)
    }.reduce(Data(), +)
    for secret in [state, try #require(verifier), github.clientSecret!] {
      #expect(bytes.range(of: Data(secret.utf8)) == nil, "a secret is in the data dir's SQLite files")
    }
  }

  @Test func fileSecretStoreRoundTripWithPrivateModes() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let store = FileSecretStore(dataDirectory: dir)
    let key = SecretKey(namespace: "credential", id: "abc123")
    try await store.store(StoredSecret("first"), for: key, label: "x")
    try await store.store(StoredSecret("second"), for: key, label: "x")
    #expect(try await store.load(key)?.reveal() == "second")
    #expect(try await store.ids(in: "credential") == ["abc123"])
    #expect(try fileMode(dir.appendingPathComponent("secrets").path) == 0o700)
    #expect(try fileMode(dir.appendingPathComponent("secrets/credential/abc123").path) == 0o600)
    try await store.delete(key)
    #expect(try await store.load(key) == nil)
    #expect(try await store.ids(in: "credential").isEmpty)
  }

  /// A folder whose mode was loosened is made 0700 again by the next write, and a write leaves no
  /// temporary file beside the secret.
  @Test func fileSecretStoreTightensItsFolderAndLeavesNoTemporaryFile() async throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    let store = FileSecretStore(dataDirectory: dir)
    let key = SecretKey(namespace: "session", id: "abc")
    try await store.store(StoredSecret("first"), for: key, label: "x")
    let folder = dir.appendingPathComponent("secrets/session").path
    chmod(folder, 0o755)
    try await store.store(StoredSecret("second"), for: key, label: "x")
    #expect(try fileMode(folder) == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["abc"])
    try await store.delete(key)
    try await store.syncDeletions(in: ["session", "never-written"])  // a missing folder has nothing to sync
    #expect(try await store.ids(in: "session").isEmpty)
    await expectAuthError(.internalError) { try await store.syncDeletions(in: ["../escape"]) }
  }

  @Test(arguments: ["../escape", ".hidden", "a/b", ""])
  func fileSecretStoreRefusesPathLikeIDs(id: String) async {
    let store = FileSecretStore(
      dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString))
    await expectAuthError(.internalError) {
      try await store.store(StoredSecret("x"), for: SecretKey(namespace: "n", id: id), label: "x")
    }
  }

  @Test func lockedSecretStoreFailsClosedAndWritesNoRecord() async throws {
    let github = try await Fixtures.github()
    let secrets = InMemorySecretStore()
    await secrets.setLocked(true)
    let harness = try Harness(configuration: github.configuration, secrets: secrets)
    await expectAuthError(.secretStoreUnavailable) {
      try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    }
    #expect(
      try await harness.service.pendingAuthorizations().isEmpty, "a pending record was written without its secrets")
  }
}
