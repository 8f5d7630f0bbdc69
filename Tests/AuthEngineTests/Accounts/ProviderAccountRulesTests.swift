import AuthEngine
import Foundation
import TestSupport
import Testing

/// Firebase's account rules for provider credentials: sign-in, conflicts, link, unlink, reauthenticate.
@Suite struct ProviderAccountRulesTests {
  typealias H = AccountHarness

  @Test func knownIdentitySignsInTheSameUserUnknownCreatesOne() async throws {
    let h = try H()
    let first = try await h.auth.signIn(with: H.result("github.com", "1001", email: "mona@example.com", name: "Mona"))
    #expect(first.additionalUserInfo?.isNewUser == true)
    #expect(first.user.uid.count == 28 && !first.user.uid.contains("1001"))
    #expect(first.user.email == "mona@example.com" && first.user.emailVerified)
    #expect(first.user.providerData.map(\.providerID) == ["github.com"])
    let again = try await h.auth.signIn(with: H.result("github.com", "1001", email: "mona@example.com"))
    #expect(again.additionalUserInfo?.isNewUser == false)
    #expect(again.user.uid == first.user.uid)
    #expect(try await h.auth.currentUser()?.uid == first.user.uid)
    #expect(try h.count("user") == 1)
  }

  @Test func sameEmailOtherProviderIsAccountExistsThenLinkPending() async throws {
    let h = try H()
    let mona = try await h.auth.signIn(with: H.result("github.com", "1001", email: "Mona@Example.com")).user
    let error = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await h.auth.signIn(with: H.result("twitter.com", "783214", email: "mona@example.com"))
    }
    #expect(
      error?.accountConflict
        == AccountConflict(email: "mona@example.com", providerID: "twitter.com", signInMethods: ["github.com"]))
    #expect(error?.providerID == "twitter.com")
    #expect(try h.count("user") == 1)
    #expect(try await h.secretIDs("pending-credential").count == 1)
    // The seeds' flow: sign in with the existing method, then one call links the pending credential.
    _ = try await h.auth.signIn(with: H.result("github.com", "1001", email: "mona@example.com"))
    let linked = try await h.auth.linkPendingCredential()
    #expect(linked.user.uid == mona.uid)
    #expect(Set(linked.user.providerData.map(\.providerID)) == ["github.com", "twitter.com"])
    #expect(try await h.secretIDs("pending-credential").isEmpty)
    #expect(try h.count("pendingCredential") == 0)
    await expectAuthError(.noPendingCredential) { try await h.auth.linkPendingCredential() }
    // Now Twitter signs in to the same account.
    #expect(try await h.auth.signIn(with: H.result("twitter.com", "783214")).user.uid == mona.uid)
  }

  @Test func pendingCredentialSurvivesARestartAndExpiresAfterTenMinutes() async throws {
    let h = try H()
    _ = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    await expectAuthError(.accountExistsWithDifferentCredential) {
      try await h.auth.signIn(with: H.result("oidc.corp", "iss|a", email: "a@example.com"))
    }
    let restarted = try h.restarted()
    _ = try await restarted.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    h.clock.advance(by: 601)
    await expectAuthError(.noPendingCredential) { try await restarted.auth.linkPendingCredential() }
    #expect(try await h.secretIDs("pending-credential").isEmpty, "the expired pending credential's secret was kept")
  }

  @Test func pendingCredentialOfAnotherEmailIsNotLinked() async throws {
    let h = try H()
    _ = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    await expectAuthError(.accountExistsWithDifferentCredential) {
      try await h.auth.signIn(with: H.result("twitter.com", "2", email: "a@example.com"))
    }
    _ = try await h.auth.signIn(with: H.result("github.com", "9", email: "b@example.com"))  // someone else
    await expectAuthError(.noPendingCredential) { try await h.auth.linkPendingCredential() }
  }

  @Test func withoutOneAccountPerEmailTheSameEmailMakesASecondAccount() async throws {
    let h = try H(oneAccountPerEmail: false)
    let a = try await h.auth.signIn(with: H.result("github.com", "1", email: "a@example.com"))
    let b = try await h.auth.signIn(with: H.result("twitter.com", "2", email: "a@example.com"))
    #expect(a.user.uid != b.user.uid && b.additionalUserInfo?.isNewUser == true)
  }

  @Test func linkRules() async throws {
    let h = try H()
    let other = try await h.auth.signIn(with: H.result("twitter.com", "77", email: "other@example.com")).user
    let user = try await h.auth.signIn(with: H.result("github.com", "1", email: "me@example.com")).user
    // Belongs to another user.
    let inUse = await expectAuthError(.credentialAlreadyInUse) {
      try await user.link(with: H.result("twitter.com", "77", email: "other@example.com"))
    }
    #expect(inUse?.credentialInUse?.email == "other@example.com")
    #expect(inUse?.credentialInUse?.providerID == "twitter.com")
    #expect(inUse?.credentialInUse?.credential.providerID == "twitter.com")
    // Already has that provider (another GitHub account) / the same identity again.
    await expectAuthError(.providerAlreadyLinked) { try await user.link(with: H.result("github.com", "2")) }
    await expectAuthError(.providerAlreadyLinked) { try await user.link(with: H.result("github.com", "1")) }
    // The email belongs to another user.
    let email = await expectAuthError(.emailAlreadyInUse) {
      try await user.link(with: H.result("oidc.corp", "iss|x", email: "OTHER@example.com"))
    }
    #expect(email?.email == "other@example.com")
    let linked = try await user.link(with: H.result("oidc.corp", "iss|me", email: "me@example.com"))
    #expect(linked.user.providerData.map(\.providerID) == ["github.com", "oidc.corp"])
    #expect(try await h.secretIDs(CredentialVault.namespace).count == 3)
    _ = other
  }

  @Test func unlinkRules() async throws {
    let h = try H()
    let user = try await h.auth.signIn(with: H.result("github.com", "1", email: "me@example.com")).user
    await expectAuthError(.noSuchProvider) { try await user.unlink(fromProvider: "twitter.com") }
    await expectAuthError(.lastSignInMethod) { try await user.unlink(fromProvider: "github.com") }
    _ = try await user.link(with: H.result("twitter.com", "2"))
    let after = try await user.unlink(fromProvider: "github.com")
    #expect(after.providerData.map(\.providerID) == ["twitter.com"])
    #expect(
      try await h.secretIDs(CredentialVault.namespace) == [CredentialVault.key(providerID: "twitter.com", uid: "2").id])
    // The unlinked GitHub account is a stranger now: signing in with it makes a new user.
    #expect(try await h.auth.signIn(with: H.result("github.com", "1")).additionalUserInfo?.isNewUser == true)
  }

  @Test func reauthenticateWithAnotherUsersCredentialIsUserMismatch() async throws {
    let h = try H()
    _ = try await h.auth.signIn(with: H.result("twitter.com", "other"))
    let user = try await h.auth.signIn(with: H.result("github.com", "me")).user
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: H.result("twitter.com", "other")) }
    await expectAuthError(.userMismatch) { try await user.reauthenticate(with: H.result("twitter.com", "stranger")) }
    _ = try await user.reauthenticate(with: H.result("github.com", "me"))
  }

  @Test func operationsOnASignedOutUserAreRefused() async throws {
    let h = try H()
    let user = try await h.auth.signIn(with: H.result("github.com", "me")).user
    try await h.auth.signOut()
    await expectAuthError(.noCurrentUser) { try await user.link(with: H.result("twitter.com", "2")) }
    await expectAuthError(.noCurrentUser) { try await user.getIDToken() }
  }

  @Test func lockedSecretStoreFailsClosedAndWritesNothing() async throws {
    let h = try H()
    await h.secrets.setLocked(true)
    await expectAuthError(.secretStoreUnavailable) { try await h.auth.signIn(with: H.result("github.com", "1")) }
    #expect(try h.count("user") == 0 && h.count("session") == 0 && h.count("identity") == 0)
  }
}
