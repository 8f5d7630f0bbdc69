import AuthEngine
import Foundation
import Testing

/// OAuth 1.0a (RFC 5849) against the Authlib Twitter-like server.
@Suite struct TwitterFlowTests {
  @Test func signInYieldsTokenAndSecretAndIDStr() async throws {
    let twitter = try await Fixtures.twitter()
    let harness = try Harness(configuration: twitter.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    #expect(pending.redirectURI.absoluteString == Fixtures.twitterCallback)
    let result = try await harness.service.resume(with: try await harness.browse(pending.authorizationURL))
    #expect(result.identity.uid == "783214")
    #expect(result.identity.username == "TwitterDev")
    #expect(result.identity.email == "dev@example.com")
    #expect(result.credential.secret != nil)
    #expect(result.credential.accessToken != nil)
    let log =
      try await Control.get(twitter.base.appendingPathComponent("_test/clients/\(twitter.clientID)/log"))
      as? [[String: Any]] ?? []
    #expect(
      log.contains {
        ($0["path"] as? String)?.contains("verify_credentials") == true && $0["signature_verified"] as? Bool == true
      })
  }

  @Test func deniedIsWebContextCancelled() async throws {
    let twitter = try await Fixtures.twitter(["consent": "deny"])
    let harness = try Harness(configuration: twitter.configuration)
    await expectAuthError(.webContextCancelled) { try await harness.signIn(OAuthProvider(providerID: "twitter.com")) }
  }

  @Test func callbackNotConfirmedAborts() async throws {
    let twitter = try await Fixtures.twitter(["fault": "callback_not_confirmed"])
    let harness = try Harness(configuration: twitter.configuration)
    await expectAuthError(.invalidProviderResponse) {
      try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    }
  }

  @Test func foreignOAuthTokenIsInvalidState() async throws {
    let twitter = try await Fixtures.twitter()
    let harness = try Harness(configuration: twitter.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    let redirect = try await harness.browse(pending.authorizationURL)
    let verifier = FormParameters.query(of: redirect)!["oauth_verifier"]!
    let forged = URL(string: Fixtures.twitterCallback)!.appendingQuery([
      "oauth_token": "not-the-pending-token", "oauth_verifier": verifier,
    ])
    await expectAuthError(.invalidState) { try await harness.service.resume(with: forged) }
    _ = try await harness.service.resume(with: redirect)
  }

  @Test func tamperedSignatureIsRejected() async throws {
    let twitter = try await Fixtures.twitter()
    let tampered = twitter.configuration.replacingOccurrences(
      of: "consumer_secret = \"\(twitter.clientSecret!)\"", with: "consumer_secret = \"\(twitter.clientSecret!)x\"")
    let harness = try Harness(configuration: tampered)
    await expectAuthError(.invalidCredential) {
      try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    }
    let log =
      try await Control.get(twitter.base.appendingPathComponent("_test/clients/\(twitter.clientID)/log"))
      as? [[String: Any]] ?? []
    #expect(log.contains { $0["signature_verified"] as? Bool == false })
  }

  @Test func reservedOAuthParameterIsRefused() async throws {
    let twitter = try await Fixtures.twitter()
    var provider = OAuthProvider(providerID: "twitter.com")
    provider.customParameters = ["oauth_callback": "evil://x"]
    let error = await expectAuthError(.invalidCustomParameter) {
      try await Harness(configuration: twitter.configuration).service.begin(provider)
    }
    #expect(error?.message.contains("oauth_callback") == true)
  }
}
