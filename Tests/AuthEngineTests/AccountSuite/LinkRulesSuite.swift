import AuthEngine
import Foundation
import TestSupport
import Testing

/// Link, unlink and reauthenticate, against both backends.
@Suite struct LinkRulesSuite {
  @Test(arguments: AccountMode.allCases)
  func linkRules(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(
      mode, twitter: .init(id: "77", email: "other@example.com"),
      oidc: ["a": .init(id: "me-sub", email: "me@example.com"), "b": .init(id: "other-sub", email: "x@example.com")])
    let other = try await w.auth.signIn(with: try await w.oidc("b")).user
    try await w.auth.signOut()
    let user = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com")).user
    // Belongs to another user: the credential comes back to sign in with instead.
    let inUse = await expectAuthError(.credentialAlreadyInUse) { try await user.link(with: try await w.oidc("b")) }
    #expect(inUse?.credentialInUse?.email == "x@example.com")
    #expect(inUse?.credentialInUse?.providerID == "oidc.b")
    #expect(inUse?.credentialInUse?.credential.idToken != nil)
    // Already has that provider (another GitHub account, or the same one again): checked here first.
    await expectAuthError(.providerAlreadyLinked) { try await user.link(with: try await w.github(2, email: nil)) }
    await expectAuthError(.providerAlreadyLinked) {
      try await user.link(with: try await w.github(1, email: "me@example.com"))
    }
    // The X account's email belongs to another user... whose account has it as its own.
    _ = try await w.auth.signIn(with: try await w.github(3, email: "other@example.com"))
    _ = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com"))
    let email = await expectAuthError(.emailAlreadyInUse) { try await user.link(with: try await w.twitter()) }
    #expect(email?.email == "other@example.com")
    let linked = try await user.link(with: try await w.oidc("a"))
    #expect(linked.user.uid == user.uid)
    #expect(linked.user.providerData.map(\.providerID) == ["github.com", "oidc.a"])
    #expect(linked.user.providerData.map(\.uid) == ["1", "me-sub"])
    #expect(try await w.auth.currentUser()?.providerData.count == 2)
    #expect(try await w.credentialSecrets().count == 4, "credentials of GitHub 1, oidc.b's user, GitHub 3, oidc.a")
    _ = other
  }

  /// Identity Toolkit's handleLinkIdp: an account without an email takes the linked provider's.
  @Test(arguments: AccountMode.allCases)
  func linkingGivesAnAccountWithoutEmailTheProvidersEmail(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, oidc: ["a": .init(id: "s", email: "new@example.com")])
    let user = try await w.auth.signIn(with: try await w.github(5, email: nil)).user
    #expect(user.email == nil)
    let linked = try await user.link(with: try await w.oidc("a"))
    #expect(linked.user.email == "new@example.com" && linked.user.emailVerified)
  }

  @Test(arguments: AccountMode.allCases)
  func unlinkRules(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, oidc: ["a": .init(id: "me-sub", email: "me@example.com")])
    let user = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com")).user
    await expectAuthError(.noSuchProvider) { try await user.unlink(fromProvider: "twitter.com") }
    await expectAuthError(.lastSignInMethod) { try await user.unlink(fromProvider: "github.com") }
    _ = try await user.link(with: try await w.oidc("a"))
    let after = try await user.unlink(fromProvider: "github.com")
    #expect(after.providerData.map(\.providerID) == ["oidc.a"])
    #expect(try await w.auth.currentUser()?.providerData.map(\.providerID) == ["oidc.a"])
    #expect(try await w.credentialSecrets() == [CredentialVault.key(providerID: "oidc.a", uid: user.uid).id])
    await expectAuthError(.noSuchProvider) { try await w.auth.providerCredential(providerID: "github.com") }
    // The unlinked GitHub account is a stranger now, whose email another account has.
    try await w.auth.signOut()
    let conflict = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.github(1, email: "me@example.com"))
    }
    #expect(conflict?.accountConflict?.signInMethods == ["oidc.a"])
  }

  @Test(arguments: AccountMode.allCases)
  func unlinkThePassword(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let user = try await w.auth.createUser(email: "pw@example.com", password: Password("correct horse")).user
    #expect(user.providerData.map(\.providerID) == ["password"] && user.providerData.first?.uid == "pw@example.com")
    _ = try await user.link(with: try await w.github(4, email: "pw@example.com"))
    let after = try await user.unlink(fromProvider: "password")
    #expect(after.providerData.map(\.providerID) == ["github.com"])
  }

  @Test(arguments: AccountMode.allCases)
  func reauthenticatingWithAnotherUsersCredentialIsUserMismatch(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(
      mode, twitter: .init(id: "9", email: "other@example.com"), oidc: ["a": .init(id: "x", email: "me@example.com")])
    _ = try await w.auth.signIn(with: try await w.twitter())
    try await w.auth.signOut()
    let user = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com")).user
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: try await w.twitter()) }
    // An identity nobody has: never creates an account.
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: try await w.github(2, email: nil)) }
    // Nobody has this identity, and its email is this user's: still not this user's credential.
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: try await w.oidc("a")) }
    #expect(try await w.accountCount() == 2)
    #expect(try await w.auth.currentUser()?.uid == user.uid, "a failed reauthentication changed the session")
    let again = try await user.reauthenticate(with: try await w.github(1, email: "me@example.com"))
    #expect(again.user.uid == user.uid)
  }

  @Test(arguments: AccountMode.allCases)
  func operationsOnASignedOutUserAreRefused(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    try await w.auth.signOut()
    await expectAuthError(.noCurrentUser) { try await user.link(with: try await w.github(2, email: nil)) }
    await expectAuthError(.noCurrentUser) { try await user.getIDToken() }
    await expectAuthError(.noCurrentUser) { try await w.auth.linkPendingCredential() }
  }
}
