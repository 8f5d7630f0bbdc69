import AuthEngine
import Foundation
import TestSupport
import Testing

/// Email and password, against both backends.
@Suite struct PasswordRulesSuite {
  @Test(arguments: AccountMode.allCases)
  func createAndSignIn(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let created = try await w.auth.createUser(email: " New@Example.com ", password: Password("s3cret-pass"))
    #expect(created.user.email == "new@example.com" && created.additionalUserInfo?.isNewUser == true)
    #expect(
      created.user.providerData == [
        UserInfo(
          providerID: "password", uid: "new@example.com", email: "new@example.com", displayName: nil, photoURL: nil)
      ])
    try await w.auth.signOut()
    let signedIn = try await w.auth.signIn(email: "new@example.com", password: Password("s3cret-pass"))
    #expect(signedIn.user.uid == created.user.uid && signedIn.additionalUserInfo?.isNewUser == false)
    #expect(try await w.auth.signInMethods(forEmail: "NEW@example.com") == SignInMethods(methods: ["password"]))
    #expect(try await w.auth.signInMethods(forEmail: "nobody@example.com") == SignInMethods(methods: []))
  }

  @Test(arguments: AccountMode.allCases)
  func errors(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    await expectAuthError(.weakPassword) {
      try await w.auth.createUser(email: "a@example.com", password: Password("abc"))
    }
    await expectAuthError(.invalidEmail) {
      try await w.auth.createUser(email: "not an email", password: Password("12345678"))
    }
    _ = try await w.auth.createUser(email: "a@example.com", password: Password("12345678"))
    let taken = await expectAuthError(.emailAlreadyInUse) {
      try await w.auth.createUser(email: "A@example.com", password: Password("abcdefgh"))
    }
    #expect(taken?.email == "a@example.com")
    await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "a@example.com", password: Password("nope-nope"))
    }
    await expectAuthError(.userNotFound) {
      try await w.auth.signIn(email: "b@example.com", password: Password("12345678"))
    }
  }

  @Test(arguments: AccountMode.allCases)
  func aProviderAccountsEmailIsTaken(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    try await w.auth.signOut()
    await expectAuthError(.emailAlreadyInUse) {
      try await w.auth.createUser(email: "a@example.com", password: Password("12345678"))
    }
    // An account without a password answers as a wrong password.
    await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "a@example.com", password: Password("12345678"))
    }
    #expect(try await w.auth.fetchSignInMethods(forEmail: "a@example.com") == ["github.com"])
  }

  @Test(arguments: AccountMode.allCases)
  func fiveFailuresLockTheAccountForAWhile(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    _ = try await w.auth.createUser(email: "a@example.com", password: Password("right-password"))
    for _ in 0..<5 {
      await expectAuthError(.wrongPassword) {
        try await w.auth.signIn(email: "a@example.com", password: Password("wrong-password"))
      }
    }
    await expectAuthError(.tooManyRequests) {
      try await w.auth.signIn(email: "a@example.com", password: Password("right-password"))
    }
    try await w.advance(by: 3601)
    _ = try await w.auth.signIn(email: "a@example.com", password: Password("right-password"))
  }

  @Test(arguments: AccountMode.allCases)
  func aPasswordIsLinkedOntoAProviderAccount(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let user = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com")).user
    let linked = try await w.auth.linkPassword(email: "me@example.com", password: Password("long enough"))
    #expect(linked.uid == user.uid && linked.providerData.map(\.providerID) == ["github.com", "password"])
    #expect(try await w.auth.fetchSignInMethods(forEmail: "me@example.com") == ["github.com", "password"])
    await expectAuthError(.providerAlreadyLinked) {
      try await w.auth.linkPassword(email: "me@example.com", password: Password("another one"))
    }
    try await w.auth.signOut()
    #expect(try await w.auth.signIn(email: "me@example.com", password: Password("long enough")).user.uid == user.uid)
  }

  @Test(arguments: AccountMode.allCases)
  func aLinkedPasswordBringsItsEmailUnlessAnotherAccountHasIt(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    _ = try await w.auth.createUser(email: "taken@example.com", password: Password("12345678"))
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    await expectAuthError(.emailAlreadyInUse) {
      try await w.auth.linkPassword(email: "taken@example.com", password: Password("long enough"))
    }
    let linked = try await w.auth.linkPassword(email: "Free@example.com", password: Password("long enough"))
    #expect(linked.uid == user.uid && linked.email == "free@example.com")
  }

  @Test(arguments: AccountMode.allCases)
  func updatePasswordNeedsARecentSignIn(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let user = try await w.auth.createUser(email: "a@example.com", password: Password("first password")).user
    await expectAuthError(.weakPassword) { try await user.updatePassword(to: Password("abc")) }
    try await user.updatePassword(to: Password("second password"))
    try await w.auth.signOut()
    await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "a@example.com", password: Password("first password"))
    }
    let again = try await w.auth.signIn(email: "a@example.com", password: Password("second password")).user
    try await w.advance(by: 301)
    await expectAuthError(.requiresRecentLogin) { try await again.updatePassword(to: Password("third password")) }
  }
}
