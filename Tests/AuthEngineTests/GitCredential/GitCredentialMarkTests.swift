import AuthEngine
import Foundation
import TestSupport
import Testing

/// git's `get` and `erase` on the engine's accounts (`Auth.gitCredential`, `Auth.markRefused`).
@Suite struct GitCredentialMarkTests {
  @Test func eraseMarksOnlyTheStoredTokenAndForgetsNothing() async throws {
    let harness = try AccountHarness()
    let result = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    let uid = try await harness.auth.signIn(with: result).user.uid
    let token = try #require(result.credential.accessToken)

    let answer = try #require(try await harness.auth.gitCredential(providerID: "github.com", uid: uid, username: nil))
    #expect(answer.password.constantTimeEquals(token) && answer.username == "x-access-token" && answer.expiresAt == nil)
    #expect(try await harness.auth.gitCredential(providerID: "oidc.corp", uid: uid, username: "mona") == nil)

    // Another token (not this account's, or one already replaced) marks nothing.
    #expect(
      try await harness.auth.markRefused(providerID: "github.com", uid: uid, password: GitPassword("other")) == false)
    #expect(try await harness.auth.providerCredential(providerID: "github.com", refreshing: false).accessToken != nil)

    #expect(
      try await harness.auth.markRefused(providerID: "github.com", uid: uid, password: GitPassword(token.reveal())))
    #expect(
      try await harness.auth.markRefused(providerID: "github.com", uid: uid, password: GitPassword(token.reveal()))
        == false)
    // Marked: due for a refresh (a read that may not refresh no longer answers with it)…
    await expectAuthError(.userTokenExpired) {
      try await harness.auth.providerCredential(providerID: "github.com", refreshing: false)
    }
    // …and nothing was forgotten: the account, its provider and its stored credential are all there.
    let user = try #require(try await harness.auth.currentUser())
    #expect(user.uid == uid && user.providerData.map(\.providerID) == ["github.com"])
    #expect(await harness.secrets.revealedValues().contains { $0.contains(token.reveal()) })
  }
}
