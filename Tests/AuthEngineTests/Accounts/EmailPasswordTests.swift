import AuthEngine
import Foundation
import TestSupport
import Testing

/// Email/password accounts: errors, throttling, and no clear-text password anywhere.
@Suite struct EmailPasswordTests {
  typealias H = AccountHarness

  @Test func createAndSignIn() async throws {
    let h = try H()
    let created = try await h.auth.createUser(email: " New@Example.com ", password: Password("s3cret-pass"))
    #expect(created.user.email == "new@example.com" && created.additionalUserInfo?.isNewUser == true)
    try await h.auth.signOut()
    let signedIn = try await h.auth.signIn(email: "new@example.com", password: Password("s3cret-pass"))
    #expect(signedIn.user.uid == created.user.uid)
    #expect(try await h.auth.fetchSignInMethods(forEmail: "new@example.com") == ["password"])
  }

  @Test func errors() async throws {
    let h = try H()
    await expectAuthError(.weakPassword) {
      try await h.auth.createUser(email: "a@example.com", password: Password("1234567"))
    }
    await expectAuthError(.invalidEmail) {
      try await h.auth.createUser(email: "not an email", password: Password("12345678"))
    }
    _ = try await h.auth.createUser(email: "a@example.com", password: Password("12345678"))
    await expectAuthError(.emailAlreadyInUse) {
      try await h.auth.createUser(email: "A@example.com", password: Password("abcdefgh"))
    }
    await expectAuthError(.wrongPassword) {
      try await h.auth.signIn(email: "a@example.com", password: Password("nope-nope"))
    }
    await expectAuthError(.userNotFound) {
      try await h.auth.signIn(email: "b@example.com", password: Password("12345678"))
    }
  }

  @Test func providerEmailBlocksAPasswordAccountUnderOneAccountPerEmail() async throws {
    let h = try H()
    _ = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    await expectAuthError(.emailAlreadyInUse) {
      try await h.auth.createUser(email: "a@example.com", password: Password("12345678"))
    }
  }

  @Test func fiveFailuresInFiveMinutesAreThrottled() async throws {
    let h = try H()
    _ = try await h.auth.createUser(email: "a@example.com", password: Password("right-password"))
    for _ in 0..<5 {
      await expectAuthError(.wrongPassword) {
        try await h.auth.signIn(email: "a@example.com", password: Password("wrong-password"))
      }
    }
    await expectAuthError(.tooManyRequests) {
      try await h.auth.signIn(email: "a@example.com", password: Password("right-password"))
    }
    h.clock.advance(by: 301)
    _ = try await h.auth.signIn(email: "a@example.com", password: Password("right-password"))
  }

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

  @Test func updatePasswordAddsThePasswordMethod() async throws {
    let h = try H()
    let user = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com")).user
    await expectAuthError(.weakPassword) { try await user.updatePassword(to: Password("short")) }
    try await user.updatePassword(to: Password("long enough"))
    #expect(try await h.auth.fetchSignInMethods(forEmail: "a@example.com") == ["github.com", "password"])
    try await h.auth.signOut()
    #expect(try await h.auth.signIn(email: "a@example.com", password: Password("long enough")).user.uid == user.uid)
    // With a password as second method, GitHub can now be unlinked.
    _ = try await user.unlink(fromProvider: "github.com")
  }
}
