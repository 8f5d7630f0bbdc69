import AuthEngine
import Foundation
import TestSupport
import Testing

/// `CredentialCache`: a long-lived `Auth` reads a provider credential from the secret store once per
/// change of its row's revision (`CredentialRevisionSchema`); a write by another `Auth` on the same data
/// dir (another process) is read at the next use.
@Suite struct CredentialCacheTests {
  @Test func aSecondUseReadsNoSecretWhileTheRowIsUnchanged() async throws {
    let harness = try AccountHarness()
    let result = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    _ = try await harness.auth.signIn(with: result)
    let token = try #require(result.credential.accessToken)
    #expect(
      try await harness.auth.providerCredential(providerID: "github.com").accessToken?.constantTimeEquals(token) == true
    )

    // With the keyring locked, a read of the secret fails: the second use does not read it.
    await harness.secrets.setLocked(true)
    #expect(
      try await harness.auth.providerCredential(providerID: "github.com").accessToken?.constantTimeEquals(token) == true
    )
    let fresh = try harness.restarted()
    await expectAuthError(.secretStoreUnavailable) { try await fresh.auth.providerCredential(providerID: "github.com") }
  }

  @Test func anotherProcessMarkOrSignInIsReadAtTheNextUse() async throws {
    let harness = try AccountHarness()
    let first = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    let uid = try await harness.auth.signIn(with: first).user.uid
    let token = try #require(first.credential.accessToken)
    _ = try await harness.auth.providerCredential(providerID: "github.com")

    // git's erase in another process: the mark is seen, so the next use would refresh.
    let other = try harness.restarted()
    #expect(try await other.auth.markRefused(providerID: "github.com", uid: uid, password: GitPassword(token.reveal())))
    await expectAuthError(.userTokenExpired) {
      try await harness.auth.providerCredential(providerID: "github.com", refreshing: false)
    }

    // A sign-in there stores a new credential: its token is the one answered here.
    let second = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    _ = try await other.auth.signIn(with: second)
    let answered = try await harness.auth.providerCredential(providerID: "github.com").accessToken
    #expect(answered?.constantTimeEquals(try #require(second.credential.accessToken)) == true)
  }

  @Test func aCredentialForgottenAndStoredAgainIsNotTakenForTheOldOne() async throws {
    let harness = try AccountHarness()
    let first = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    _ = try await harness.auth.signIn(with: first)
    let user = try #require(try await harness.auth.currentUser())
    _ = try await user.link(with: AccountHarness.result("twitter.com", "2002"))
    _ = try await harness.auth.providerCredential(providerID: "github.com")

    // Unlinked and linked again in another process: a new row, never the old revision.
    let other = try harness.restarted()
    let there = try #require(try await other.auth.currentUser())
    _ = try await there.unlink(fromProvider: "github.com")
    await expectAuthError(.noSuchProvider) { try await harness.auth.providerCredential(providerID: "github.com") }
    let again = AccountHarness.result("github.com", "1001", email: "mona@example.com")
    _ = try await there.link(with: again)
    let answered = try await harness.auth.providerCredential(providerID: "github.com").accessToken
    #expect(answered?.constantTimeEquals(try #require(again.credential.accessToken)) == true)
  }
}
