import AuthEngine
import Foundation
import TestSupport
import Testing

/// RFC 6749 §6 refresh with rotation, stored in one write (`CredentialVault`).
@Suite struct RefreshTests {
  func signedIn(_ options: [String: Any] = [:]) async throws -> (Harness, ProviderSignInResult) {
    let github = try await Fixtures.github(["issue_refresh_token": true, "expires_in": 3600].merging(options) { $1 })
    let harness = try Harness(configuration: github.configuration)
    return (harness, try await harness.signIn(OAuthProvider(providerID: "github.com")))
  }

  @Test func refreshRotatesTheRefreshToken() async throws {
    let (harness, result) = try await signedIn()
    let first = try #require(result.credential.refreshToken)
    let refreshed = try await harness.service.refresh(result.credential)
    let second = try #require(refreshed.refreshToken)
    #expect(!first.constantTimeEquals(second))
    #expect(!refreshed.accessToken!.constantTimeEquals(result.credential.accessToken!))
    // The old refresh token was revoked by the rotation: using it again means "sign in again".
    await expectAuthError(.userTokenExpired) { try await harness.service.refresh(result.credential) }
  }

  @Test func vaultRefreshesNearExpiryAndStoresTheRotationInOneItem() async throws {
    let github = try await Fixtures.github(["issue_refresh_token": true, "expires_in": 3600])
    let clock = ManualClock(Date())
    let harness = try Harness(configuration: github.configuration, clock: clock)
    let result = try await harness.signIn(OAuthProvider(providerID: "github.com"))
    let vault = CredentialVault(secrets: harness.secrets)
    try await vault.save(result.credential, uid: result.identity.uid)
    let fresh = try await harness.service.validCredential(
      providerID: "github.com", uid: result.identity.uid, vault: vault)
    #expect(
      fresh.accessToken!.constantTimeEquals(result.credential.accessToken!), "refreshed a token that was still valid")
    clock.advance(by: 3600 - 200)  // within the 5-minute margin
    let renewed = try await harness.service.validCredential(
      providerID: "github.com", uid: result.identity.uid, vault: vault)
    #expect(!renewed.accessToken!.constantTimeEquals(result.credential.accessToken!))
    let stored = try #require(try await vault.load(providerID: "github.com", uid: result.identity.uid))
    #expect(stored.refreshToken!.constantTimeEquals(renewed.refreshToken!))
    #expect(stored.accessToken!.constantTimeEquals(renewed.accessToken!))
    #expect(await harness.secrets.revealedValues().count == 1, "one item per identity")
  }

  /// Refreshes of one credential wait for each other (`RefreshLock`): callers that find it due together
  /// make one refresh between them, and all take the token it stored. The server revokes the grant if a
  /// rotated-away refresh token comes again.
  @Test func callersThatFindTheCredentialDueTogetherRefreshOnce() async throws {
    let github = try await Fixtures.github(["issue_refresh_token": true, "expires_in": 3600, "reuse_detection": true])
    let clock = ManualClock(Date())
    let harness = try Harness(configuration: github.configuration, clock: clock)
    let result = try await harness.signIn(OAuthProvider(providerID: "github.com"))
    let vault = CredentialVault(
      secrets: harness.secrets, refreshLock: RefreshLock(dataDirectory: harness.dataDirectory))
    let uid = result.identity.uid
    try await vault.save(result.credential, uid: uid)
    clock.advance(by: 3600)
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<6 {
        group.addTask {
          try #require(
            try await harness.service.validCredential(providerID: "github.com", uid: uid, vault: vault).accessToken
          ).reveal()
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(tokens.count == 6 && Set(tokens).count == 1)
    let log = try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log"))
    let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    #expect(requests.filter { $0["grant_type"] as? String == "refresh_token" }.count == 1)
  }

  /// A refresh token the provider refused (`invalid_grant`: here rotated away by another client) is
  /// forgotten: the next caller, in this process or another, gets "sign in again" without sending it.
  @Test func aRefusedRefreshTokenIsSentOnce() async throws {
    let github = try await Fixtures.github(["issue_refresh_token": true, "expires_in": 3600])
    let clock = ManualClock(Date())
    let harness = try Harness(configuration: github.configuration, clock: clock)
    let result = try await harness.signIn(OAuthProvider(providerID: "github.com"))
    let vault = CredentialVault(secrets: harness.secrets)
    let uid = result.identity.uid
    try await vault.save(result.credential, uid: uid)
    _ = try await harness.service.refresh(result.credential)  // rotates the stored one away
    clock.advance(by: 3600)
    for _ in 0..<2 {
      await expectAuthError(.userTokenExpired) {
        try await harness.service.validCredential(providerID: "github.com", uid: uid, vault: vault)
      }
    }
    let log = try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log"))
    let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    #expect(requests.filter { $0["grant_type"] as? String == "refresh_token" }.count == 2, "\(requests)")
    let stored = try #require(try await vault.load(providerID: "github.com", uid: uid))
    #expect(stored.refreshToken == nil && stored.accessToken != nil, "the access token and the rest are kept")
  }

  @Test func refreshWithoutRefreshTokenMeansSignInAgain() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    let result = try await harness.signIn(OAuthProvider(providerID: "github.com"))
    #expect(result.credential.refreshToken == nil && result.credential.expiresAt != nil)
    await expectAuthError(.userTokenExpired) { try await harness.service.refresh(result.credential) }
  }

  @Test func refreshOverAnUnreachableNetworkIsTransient() async throws {
    let (_, result) = try await signedIn()
    let github = try await Fixtures.github()
    let offline = try Harness(
      configuration: github.configuration.replacingOccurrences(
        of: "token_endpoint = \"\(github.base)/login/oauth/access_token\"",
        with: "token_endpoint = \"http://127.0.0.1:9/token\""))
    await expectAuthError(.networkRequestFailed) { try await offline.service.refresh(result.credential) }
  }

  @Test func oidcRefresh() async throws {
    let oidc = try await Fixtures.oidc(["issue_refresh_token": true])
    let harness = try Harness(configuration: oidc.configuration)
    let result = try await harness.signIn(OAuthProvider(providerID: "oidc.test"))
    let refreshed = try await harness.service.refresh(result.credential)
    #expect(!refreshed.accessToken!.constantTimeEquals(result.credential.accessToken!))
  }
}
