import AuthEngine
import Foundation
import TestSupport
import Testing

/// What only the local store keeps: password hashes, and a secret store that must answer.
@Suite struct LocalSecretsTests {
  typealias H = AccountHarness

  @Test func thePasswordIsNeverStoredOrLoggedInClear() async throws {
    let h = try H()
    let password = "unmistakable-Passw0rd"
    _ = try await h.auth.createUser(email: "a@example.com", password: Password(password))
    await expectAuthError(.wrongPassword) {
      try await h.auth.signIn(email: "a@example.com", password: Password(password + "x"))
    }
    _ = try await h.auth.signIn(email: "a@example.com", password: Password(password))
    let files = try FileManager.default.contentsOfDirectory(atPath: h.directory.path).compactMap {
      FileManager.default.contents(atPath: h.directory.appendingPathComponent($0).path)
    }
    for data in files { #expect(data.range(of: Data(password.utf8)) == nil, "the password is in the data dir") }
    let stored = await h.secrets.revealedValues()
    #expect(!stored.contains { $0.contains(password) })
    #expect(stored.contains { $0.hasPrefix("$scrypt$") })
    #expect(!h.logs.all.joined().contains(password))
  }

  @Test func aLockedSecretStoreFailsClosedAndWritesNothing() async throws {
    let h = try H()
    await h.secrets.setLocked(true)
    await expectAuthError(.secretStoreUnavailable) { try await h.auth.signIn(with: H.result("github.com", "1")) }
    #expect(try h.count("user") == 0 && h.count("session") == 0 && h.count("identity") == 0)
  }
}
