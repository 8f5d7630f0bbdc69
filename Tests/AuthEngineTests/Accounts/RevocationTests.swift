import AuthEngine
import Foundation
import TestSupport
import Testing

/// Sign-out and deletion revoke provider grants where the provider offers it (GitHub's
/// `DELETE /applications/{client_id}/token`, RFC 7009, X's `invalidate_token`), against the Authlib servers.
@Suite struct RevocationTests {
  /// A provider sign-in through the real server, then `Auth.signIn` on the same data dir.
  func signedIn(_ providerID: String, _ provider: Fixtures.Provider) async throws -> (AccountHarness, User) {
    let accounts = try AccountHarness(configuration: provider.configuration)
    let harness = try Harness(configuration: provider.configuration)
    let result = try await harness.signIn(OAuthProvider(providerID: providerID))
    return (accounts, try await accounts.auth.signIn(with: result).user)
  }

  func githubLog(_ github: Fixtures.Provider) async throws -> [String: Any] {
    try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log")) as? [String: Any]
      ?? [:]
  }

  @Test func signOutRevokesOnlyWhenAsked() async throws {
    let github = try await Fixtures.github()
    let (h, _) = try await signedIn("github.com", github)
    try await h.auth.signOut()
    #expect(try await githubLog(github)["revocations"] as? Int == 0)
    #expect(try await h.secretIDs(CredentialVault.namespace).count == 1)

    let (h2, _) = try await signedIn("github.com", github)
    try await h2.auth.signOut(revokeProviderTokens: true)
    #expect(try await githubLog(github)["revocations"] as? Int == 1)
    #expect(try await h2.secretIDs(CredentialVault.namespace).isEmpty)
  }

  @Test func deleteRevokesByDefault() async throws {
    let github = try await Fixtures.github()
    let (h, user) = try await signedIn("github.com", github)
    try await user.delete()
    #expect(try await githubLog(github)["revocations"] as? Int == 1)
    #expect(try await h.auth.currentUser() == nil)
  }

  @Test func oidcRevocationUsesRFC7009() async throws {
    let oidc = try await Fixtures.oidc(["issue_refresh_token": true])
    let (h, _) = try await signedIn("oidc.test", oidc)
    try await h.auth.signOut(revokeProviderTokens: true)
    #expect(try await Fixtures.tenantStats(oidc.base)["revocations"] == 2, "refresh token and access token")
  }

  @Test func twitterInvalidatesTheToken() async throws {
    let twitter = try await Fixtures.twitter()
    let (h, _) = try await signedIn("twitter.com", twitter)
    try await h.auth.signOut(revokeProviderTokens: true)
    let stats =
      try await Control.get(twitter.base.appendingPathComponent("_test/clients/\(twitter.clientID)/stats"))
      as? [String: Int]
    #expect(stats?["invalidated"] == 1)
  }

  @Test func aFailingRevocationDoesNotBlockTheDeletion() async throws {
    let github = try await Fixtures.github(["fault": "revoke_500"])
    let (h, user) = try await signedIn("github.com", github)
    try await user.delete()
    #expect(try h.count("user") == 0)
    #expect(try await h.secretIDs(CredentialVault.namespace).isEmpty)
    #expect(h.logs.all.contains { $0.contains("revocation failed") })
  }
}
