import AuthEngine
import Foundation
import TestSupport
import Testing

/// OAuth 1.0a (RFC 5849) against the Authlib Twitter-like server.
@Suite struct TwitterFlowTests {
  @Test func signInYieldsTokenAndSecretAndIDStr() async throws {
    let twitter = try await Fixtures.twitter()
    let harness = try Harness(configuration: twitter.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    #expect(pending.redirectURI.absoluteString == Fixtures.twitterCallback)
    let result = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
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
    let redirect = try await Browser.follow(pending.authorizationURL)
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
    await expectAuthError(.invalidClient) {
      try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    }
    let log =
      try await Control.get(twitter.base.appendingPathComponent("_test/clients/\(twitter.clientID)/log"))
      as? [[String: Any]] ?? []
    #expect(log.contains { $0["signature_verified"] as? Bool == false })
  }

  @Test func wrongVerifierIsRejectedAtTheAccessTokenStep() async throws {
    let twitter = try await Fixtures.twitter()
    let harness = try Harness(configuration: twitter.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    var query = FormParameters.query(of: try await Browser.follow(pending.authorizationURL))!
    query.pairs = query.pairs.map { ($0.name, $0.name == "oauth_verifier" ? "forged-verifier" : $0.value) }
    await expectAuthError(.invalidCredential) {
      try await harness.service.resume(with: URL(string: Fixtures.twitterCallback)!.appendingQuery(query))
    }
  }

  @Test func reservedOAuthParameterIsRefused() async throws {
    let twitter = try await Fixtures.twitter()
    var provider = OAuthProvider(providerID: "twitter.com")
    provider.customParameters = ["oauth_callback": "evil://x"]
    let error = await expectAuthError(.invalidCustomParameter) {
      try await Harness(configuration: twitter.configuration).service.begin(provider)
    }
    guard case .customParameter(.reserved(let name))? = error?.payload else {
      Issue.record("no reserved-parameter payload: \(String(describing: error))")
      return
    }
    #expect(name == "oauth_callback")
  }
}

/// X with `protocol = "oauth2"` (PKCE, HTTP Basic client authentication, `/2/users/me`), played by the
/// GitHub-like Authlib server, which serves X's identity endpoint too.
@Suite struct TwitterOAuth2FlowTests {
  @Test func signInThroughOAuth2() async throws {
    let base = try await TestServers.shared.start().github
    let redirect = "\(Fixtures.scheme):/oauth2redirect/twitter.com"
    let client = try await Control.post(
      base.appendingPathComponent("_test/clients"),
      [
        "redirect_uris": [redirect], "scope": "tweet.read users.read",
        "token_endpoint_auth_method": "client_secret_basic",
        "user": ["id": 1_234_567_890_123, "login": "xdev", "name": "X Dev"],
      ])
    let configuration = """
      [providers."twitter.com"]
      protocol = "oauth2"
      client_id = "\(client["client_id"] as! String)"
      client_secret = "\(client["client_secret"] as! String)"
      authorization_endpoint = "\(base)/login/oauth/authorize"
      token_endpoint = "\(base)/login/oauth/access_token"
      api_base_url = "\(base)"
      """
    let harness = try Harness(configuration: configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "twitter.com"))
    #expect(FormParameters.query(of: pending.authorizationURL)?["code_challenge_method"] == "S256")
    let result = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
    #expect(result.identity.uid == "1234567890123")
    #expect(result.identity.username == "xdev")
    #expect(result.credential.secret == nil && result.credential.accessToken != nil)
    let log =
      try await Control.get(base.appendingPathComponent("_test/clients/\(client["client_id"] as! String)/log"))
      as? [String: Any]
    #expect((log?["requests"] as? [[String: Any]])?.first?["has_basic_auth"] as? Bool == true)
  }
}
