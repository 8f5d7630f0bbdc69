import AuthEngine
import Foundation
import TestSupport
import Testing

/// Sessions, ID tokens and deletion, against both backends.
@Suite struct SessionRulesSuite {
  @Test(arguments: AccountMode.allCases)
  func signOutEndsTheSessionAndKeepsTheAccount(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    #expect(try await w.sessionSecrets().count == 1)
    try await w.auth.signOut()
    #expect(try await w.auth.currentUser() == nil)
    #expect(try await w.sessionSecrets().isEmpty, "the session's tokens were kept")
    #expect(try await w.auth.fetchSignInMethods(forEmail: "A@example.com") == ["github.com"])
    #expect(try await w.credentialSecrets().count == 1, "sign-out without revocation keeps the provider tokens")
  }

  @Test(arguments: AccountMode.allCases)
  func deleteNeedsARecentSignInAndRemovesEverything(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "2", email: nil))
    let user = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    _ = try await user.link(with: try await w.twitter())
    _ = try await w.auth.linkPassword(email: "a@example.com", password: Password("correct horse"))
    try await w.advance(by: 301)
    await expectAuthError(.requiresRecentLogin) { try await user.delete(revokeProviderTokens: false) }
    await expectAuthError(.requiresRecentLogin) { try await user.updatePassword(to: Password("another password")) }
    _ = try await user.reauthenticate(with: try await w.twitter())
    try await user.delete(revokeProviderTokens: false)
    #expect(try await w.auth.currentUser() == nil)
    #expect(try await w.accountCount() == 0)
    #expect(try await w.credentialSecrets().isEmpty, "provider tokens outlived the account")
    #expect(try await w.sessionSecrets().isEmpty, "the session outlived the account")
  }

  @Test(arguments: AccountMode.allCases)
  func idTokensNameTheUserAndRefreshNearExpiry(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let user = try await w.auth.signIn(with: try await w.github(1001, email: "a@example.com")).user
    let token = try await user.getIDToken()
    let claims = try IDTokenCheck.verify(token, jwks: try await w.auth.jwks())
    #expect(claims["sub"]?.string == user.uid)
    #expect(claims["email"]?.string == "a@example.com")
    #expect(claims["firebase"]?["sign_in_provider"]?.string == "github.com")
    #expect(claims["firebase"]?["identities"]?["github.com"]?.array?.first?.string == "1001")
    #expect((claims["exp"]?.number ?? 0) - (claims["iat"]?.number ?? 0) == 3600)
    try await w.advance(by: 60)
    #expect(try await user.getIDToken().reveal() == token.reveal(), "a fresh token was replaced")
    let forced = try await user.getIDToken(forceRefresh: true)
    #expect(forced.reveal() != token.reveal())
    try await w.advance(by: 60)
    #expect(try await user.getIDToken().reveal() == forced.reveal(), "a fresh token was replaced")
    try await w.advance(by: 3600 - 60 - 200)
    let renewed = try await user.getIDToken()
    #expect(renewed.reveal() != forced.reveal(), "a token within 5 minutes of expiry was not refreshed")
    #expect(try IDTokenCheck.verify(renewed, jwks: try await w.auth.jwks())["sub"]?.string == user.uid)
  }

  @Test(arguments: AccountMode.allCases)
  func stateChangesAreAnnounced(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let stream = await w.auth.stateChanges()
    var iterator = stream.makeAsyncIterator()
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    #expect(await iterator.next()??.uid == user.uid)
    try await w.auth.signOut()
    #expect(await iterator.next() == .some(nil))
  }

  @Test(arguments: AccountMode.allCases)
  func providerTokensAreKeptByUidAndSurviveARestart(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "2", email: nil))
    let result = try await w.github(1, email: nil)
    let user = try await w.auth.signIn(with: result).user
    _ = try await user.link(with: try await w.twitter())
    let restarted = try w.restarted()
    let github = try await restarted.auth.providerCredential(providerID: "github.com")
    #expect(github.accessToken?.reveal() == result.credential.accessToken?.reveal())
    #expect(try await restarted.auth.providerCredential(providerID: "twitter.com").secret != nil)
    #expect(try await restarted.auth.currentUser()?.uid == user.uid)
  }

  /// No token, secret or password reaches a log line or an error's description, in either mode.
  @Test(arguments: AccountMode.allCases)
  func nothingSecretIsLoggedOrInAnError(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode, twitter: .init(id: "2", email: "a@example.com"))
    let github = try await w.github(1, email: "a@example.com")
    let user = try await w.auth.signIn(with: github).user
    let twitter = try await w.twitter()
    _ = try await user.link(with: twitter)
    _ = try await w.auth.linkPassword(email: "a@example.com", password: Password("Unmistakable-Pw-42"))
    let idToken = try await user.getIDToken(forceRefresh: true)
    try await w.auth.signOut()
    let error = await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "a@example.com", password: Password("Unmistakable-Pw-43"))
    }
    let secrets = [
      github.credential.accessToken?.reveal(), twitter.credential.accessToken?.reveal(),
      twitter.credential.secret?.reveal(), idToken.reveal(), "Unmistakable-Pw-42", "Unmistakable-Pw-43",
    ].compactMap { $0 }
    let text = w.logs.all.joined(separator: "\n") + "\(error.map { "\($0)" } ?? "")"
    for secret in secrets { #expect(!text.contains(secret), "a secret reached a log line or an error") }
    #expect(!w.logs.all.isEmpty, "nothing was logged, so nothing was checked")
  }
}
