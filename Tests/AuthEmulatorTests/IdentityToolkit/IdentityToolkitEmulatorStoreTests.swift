import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// The data dir: accounts, sessions and the signing key outlive the emulator; files are private and
/// hold no token; a failed write changes nothing.
@Suite struct IdentityToolkitEmulatorStoreTests {
  static func temporaryDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("itk-store-\(UUID().uuidString)")
  }

  @Test func aLaterEmulatorKnowsTheAccountsSessionsAndKey() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = try IdentityToolkitEmulatorHarness(store: FileIdentityToolkitStore(dataDirectory: directory))
    let signUp = await first.signUp("ada@example.com")
    let refresh = try #require(signUp.string("refreshToken"))
    let idToken = try #require(signUp.string("idToken"))
    let second = try IdentityToolkitEmulatorHarness(store: FileIdentityToolkitStore(dataDirectory: directory))
    #expect(await second.lookup(idToken).status == 200)  // same key, same account
    #expect(await second.refresh(refresh).status == 200)
    let signIn = await second.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    #expect(signIn.string("localId") == signUp.string("localId"))

    let store = FileIdentityToolkitStore(dataDirectory: directory)
    #expect(try fileMode(store.folder.path) == 0o700)
    #expect(try fileMode(store.accountsFile.path) == 0o600)
    #expect(try fileMode(store.keyFile.path) == 0o600)
    let accounts = try String(contentsOf: store.accountsFile, encoding: .utf8)
    for secret in [refresh, idToken, "correct horse", "PRIVATE KEY"] {
      #expect(!accounts.contains(secret))
    }
    #expect(try String(contentsOf: store.keyFile, encoding: .utf8).contains("PRIVATE KEY"))
  }

  @Test func anUnreadableFileIsKeptAsideAndReported() async throws {
    let directory = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = FileIdentityToolkitStore(dataDirectory: directory)
    try DataDirectory.prepare(directory)
    try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: store.accountsFile)
    let harness = try IdentityToolkitEmulatorHarness(store: store)
    let reply = await harness.signUp("ada@example.com")
    #expect(reply.status == 500)
    #expect(reply.error?.contains("kept as") == true)
    let kept = try FileManager.default.contentsOfDirectory(atPath: store.folder.path)
    #expect(kept.contains { $0.hasPrefix("accounts.json.corrupt-") })
    #expect(await harness.signUp("ada@example.com").status == 200)  // afresh
  }

  @Test func aFailedWriteChangesNothing() async throws {
    let store = InMemoryIdentityToolkitStore(key: IdentityToolkitEmulatorHarness.key)
    let harness = try IdentityToolkitEmulatorHarness(store: store)
    let signUp = await harness.signUp("ada@example.com")
    let idToken = try #require(signUp.string("idToken"))
    store.failSaves = AuthError(.storageFailure, origin: .storage)
    let failed = await harness.call("update", ["idToken": idToken, "password": "new password"])
    #expect(failed.status == 500)
    #expect(failed.error?.hasPrefix("INTERNAL :") == true)
    store.failSaves = nil
    #expect(await harness.lookup(idToken).status == 200)  // not revoked
    let old = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    #expect(old.status == 200)
  }

  @Test func theSigningKeyNeverPrints() {
    #expect(
      !"\(IdentityToolkitEmulatorHarness.key)".contains(
        IdentityToolkitEmulatorHarness.key.pemRepresentation.prefix(40).dropFirst(32)))
    #expect("\(IdentityToolkitEmulatorHarness.key)".contains("[redacted]"))
  }
}
