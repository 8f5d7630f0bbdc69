import AuthEngine
import Foundation
import TestSupport
import Testing

/// RFC 8628 end to end against the Authlib servers (Tests/Servers, "Device flow"): the GitHub-like
/// server (every error with HTTP 200, form or JSON) and the OpenID Connect provider (HTTP 400 errors,
/// an ID token without nonce). The pacing is read from the server's device log. The engine waits on a
/// manual clock that `LiveDeviceProvider.drive` moves with the server's device clock.
@Suite struct DeviceGrantAuthlibTests {
  @Test func gitHubSignsInOnceTheUserApproves() async throws {
    let github = try await LiveDeviceProvider.github()
    let session = try await github.start()
    #expect(session.prompt.verificationURI == github.root.appendingPathComponent("login/device"))
    #expect(session.prompt.verificationURIComplete == nil)
    try await github.drive(session) { try await github.pollResults().contains("authorization_pending") }
    try await github.decide(session, "approve")
    let result = try await github.result(of: session)
    #expect(result.user.email == "octocat@example.com")
    #expect(result.additionalUserInfo?.isNewUser == true)
    #expect(result.credential?.accessToken?.reveal().hasPrefix("gho_") == true)
    #expect(try await github.pollResults().last == "token")
    try await github.expectPacing()
  }

  @Test func gitHubsSlowDownStretchesEveryLaterPoll() async throws {
    let github = try await LiveDeviceProvider.github(["device_slow_down": 1])
    let session = try await github.start()
    try await github.drive(session) { try await github.pollResults().contains("slow_down") }
    try await github.decide(session, "approve")
    _ = try await github.result(of: session)
    // Not one poll came sooner than the interval the server had grown to (1 + 5 s).
    #expect(try await github.pollResults() == ["slow_down", "token"])
    try await github.expectPacing()
  }

  @Test func gitHubsDenialIsWebContextCancelled() async throws {
    let github = try await LiveDeviceProvider.github()
    let session = try await github.start()
    try await github.decide(session, "deny")
    await expectAuthError(.webContextCancelled) { try await github.result(of: session) }
    #expect(try await github.auth.currentUser() == nil)
    try await github.expectPacing()
  }

  /// The codes live 8 s, polled every second: seven pending polls, and none at or after the expiry.
  @Test func codesThatExpireEndTheSignInWithCodeExpired() async throws {
    let github = try await LiveDeviceProvider.github(["device_expires_in": 8])
    let session = try await github.start()
    await expectAuthError(.codeExpired) { try await github.result(of: session) }
    #expect(try await github.pollResults() == Array(repeating: "authorization_pending", count: 7))
    #expect(github.clock.now() == session.prompt.expiresAt)
    try await github.expectPacing()
  }

  @Test func aGitHubAppWithoutTheDeviceFlowIsOperationNotAllowed() async throws {
    let github = try await LiveDeviceProvider.github(["device_flow": false])
    let error = await expectAuthError(.operationNotAllowed) { try await github.start() }
    #expect(error?.providerError?.error == "device_flow_disabled")
  }

  @Test func aFailingTokenEndpointFailsAsInTheCodeFlow() async throws {
    let github = try await LiveDeviceProvider.github(["fault": "token_500"])
    let session = try await github.start()
    await expectAuthError(.invalidProviderResponse) { try await github.result(of: session) }
  }

  @Test func linkingAddsGitHubToTheSignedInAccount() async throws {
    let github = try await LiveDeviceProvider.github()
    let created = try await github.auth.createUser(email: "mona@example.com", password: Password("correct horse"))
    let session = try await github.start(intent: .link)
    try await github.decide(session, "approve")
    let linked = try await github.result(of: session)
    #expect(linked.user.uid == created.user.uid)
    #expect(linked.user.providerData.map(\.providerID).contains("github.com"))
  }

  @Test func anOpenIDProviderSignsInWithAVerifiedIDToken() async throws {
    let oidc = try await LiveDeviceProvider.oidc()
    let session = try await oidc.start()
    #expect(session.prompt.verificationURIComplete?.absoluteString.contains("user_code=") == true)
    try await oidc.drive(session) { try await oidc.pollResults().contains("authorization_pending") }
    try await oidc.decide(session, "approve")
    let result = try await oidc.result(of: session)
    #expect(result.user.email == "jane@example.com")
    #expect(result.credential?.idToken != nil)
    #expect(result.credential?.rawNonce == nil)
    try await oidc.expectPacing()
  }

  @Test func anOpenIDProvidersSlowDownWithoutIntervalAddsFiveSeconds() async throws {
    let oidc = try await LiveDeviceProvider.oidc(["device_slow_down": 1])
    let session = try await oidc.start()
    try await oidc.drive(session) { try await oidc.pollResults().contains("slow_down") }
    try await oidc.decide(session, "approve")
    _ = try await oidc.result(of: session)
    #expect(try await oidc.pollResults() == ["slow_down", "token"])
    try await oidc.expectPacing()
  }

  @Test(arguments: ["wrong_aud", "wrong_iss", "bad_signature", "expired"])
  func anOpenIDProvidersBadIDTokenIsRefused(mode: String) async throws {
    let oidc = try await LiveDeviceProvider.oidc(["mode": mode])
    let session = try await oidc.start()
    try await oidc.decide(session, "approve")
    await expectAuthError(.invalidIDToken) { try await oidc.result(of: session) }
    #expect(try await oidc.auth.currentUser() == nil)
  }

  @Test func anOpenIDProviderWithoutTheDeviceGrantIsOperationNotAllowed() async throws {
    let oidc = try await LiveDeviceProvider.oidc(["device_grant": false])
    await expectAuthError(.operationNotAllowed) { try await oidc.start() }
  }
}
