import AuthEngine
import Foundation
import TestSupport
import Testing

/// One account per email: a provider whose email is another account's gets
/// `account-exists-with-different-credential` with the email, the provider and how that account signs
/// in; the credential is kept (across restarts) and linked after signing in with the existing method.
@Suite struct ConflictRulesSuite {
  static let mona = AccountWorld.Person(id: "783214", email: "mona@example.com")

  @Test(arguments: AccountMode.allCases)
  func sameEmailOtherProviderIsAccountExistsThenLinkPending(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: Self.mona)
    let first = try await w.auth.signIn(with: try await w.github(1001, email: "Mona@Example.com"))
    #expect(first.additionalUserInfo?.isNewUser == true)
    let mona = first.user
    #expect(mona.email == "mona@example.com" && mona.emailVerified)
    #expect(mona.providerData.map(\.providerID) == ["github.com"] && mona.providerData.first?.uid == "1001")
    try await w.auth.signOut()
    let error = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.twitter())
    }
    #expect(
      error?.accountConflict
        == AccountConflict(email: "mona@example.com", providerID: "twitter.com", signInMethods: ["github.com"]))
    #expect(try await w.accountCount() == 1)
    #expect(try await w.auth.currentUser() == nil, "a conflict signed someone in")
    #expect(try await w.pendingSecrets().count == 1)

    _ = try await w.auth.signIn(with: try await w.github(1001, email: "mona@example.com"))
    let linked = try await w.auth.linkPendingCredential()
    #expect(linked.user.uid == mona.uid)
    #expect(linked.user.providerData.map(\.providerID) == ["github.com", "twitter.com"])
    #expect(linked.user.providerData.map(\.uid) == ["1001", "783214"])
    #expect(try await w.pendingSecrets().isEmpty)
    await expectAuthError(.noPendingCredential) { try await w.auth.linkPendingCredential() }
    try await w.auth.signOut()
    #expect(try await w.auth.signIn(with: try await w.twitter()).user.uid == mona.uid)
  }

  /// GitHub, X and OIDC are untrusted providers: a verified email does not join an existing account.
  @Test(arguments: AccountMode.allCases)
  func aVerifiedEmailDoesNotJoinAnExistingAccount(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let owner = try await w.auth.createUser(email: "ada@example.com", password: Password("correct horse"))
    try await w.auth.signOut()
    let error = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.github(7, email: "ada@example.com", verified: true))
    }
    #expect(error?.accountConflict?.signInMethods == ["password"])
    let again = try await w.auth.signIn(email: "ada@example.com", password: Password("correct horse"))
    #expect(again.user.uid == owner.user.uid)
    #expect(again.user.providerData.map(\.providerID) == ["password"])
    #expect(try await w.auth.linkPendingCredential().user.providerData.map(\.providerID) == ["github.com", "password"])
  }

  @Test(arguments: AccountMode.allCases)
  func thePendingCredentialSurvivesARestart(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, oidc: ["corp": .init(id: "ada-sub", email: "ada@example.com")])
    _ = try await w.auth.signIn(with: try await w.github(1, email: "ada@example.com"))
    try await w.auth.signOut()
    await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.oidc("corp"))
    }
    let restarted = try w.restarted()
    _ = try await restarted.auth.signIn(with: try await w.github(1, email: "ada@example.com"))
    let linked = try await restarted.auth.linkPendingCredential()
    #expect(linked.user.providerData.map(\.uid) == ["1", "ada-sub"])
  }

  @Test(arguments: AccountMode.allCases)
  func thePendingCredentialExpiresAfterTenMinutes(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "2", email: "a@example.com"))
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    try await w.auth.signOut()
    await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.twitter())
    }
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    try await w.advance(by: 601)
    await expectAuthError(.noPendingCredential) { try await w.auth.linkPendingCredential() }
    #expect(try await w.pendingSecrets().isEmpty, "the expired pending credential's secret was kept")
  }

  @Test(arguments: AccountMode.allCases)
  func aPendingCredentialOfAnotherEmailIsNotLinked(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "2", email: "a@example.com"))
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    try await w.auth.signOut()
    await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.twitter())
    }
    _ = try await w.auth.signIn(with: try await w.github(9, email: "b@example.com"))  // someone else
    await expectAuthError(.noPendingCredential) { try await w.auth.linkPendingCredential() }
  }

  @Test(arguments: AccountMode.allCases)
  func withoutOneAccountPerEmailTheSameEmailMakesASecondAccount(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(
      mode, twitter: .init(id: "2", email: "a@example.com"), oneAccountPerEmail: false)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    let b = try await w.auth.signIn(with: try await w.twitter())
    #expect(a.user.uid != b.user.uid && b.additionalUserInfo?.isNewUser == true)
  }
}
