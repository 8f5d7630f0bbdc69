import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// The X-like OAuth 1.0a server verifies every signature (RFC 5849 §3.4), the callback, the timestamp
/// window, single-use nonces and single-use verifiers. Requests are signed here with `OAuth1Signer`.
@Suite struct EmulatorOAuth1Tests {
  static let secret = ConsumerSecret(EmulatorSetup.twitterConsumerSecret)

  /// A signed request to `path` of the emulator.
  static func signed(
    _ harness: EmulatorHarness, _ path: String, method: String = "POST", query: FormParameters = [:],
    consumerSecret: ConsumerSecret = secret, token: String? = nil, tokenSecret: String? = nil,
    extra: [(name: String, value: String)] = [], nonce: String = UUID().uuidString, timestamp: Int? = nil
  ) -> HTTPRequest {
    let url = URL(string: EmulatorHarness.base.absoluteString + path)!.appendingQuery(query)
    let header = OAuth1Signer(consumerKey: EmulatorSetup.twitterConsumerKey, consumerSecret: consumerSecret)
      .authorizationHeader(
        method: method, url: url,
        parameters: OAuth1Signer.ProtocolParameters(
          token: token, nonce: nonce, timestamp: timestamp ?? Int(harness.clock.now().timeIntervalSince1970),
          extra: extra),
        tokenSecret: tokenSecret.map(OAuthTokenSecret.init))
    return HTTPRequest(
      method: method, url: url,
      headers: [("Authorization", header), ("Content-Type", "application/x-www-form-urlencoded")], body: Data())
  }

  static func form(_ response: HTTPResponse) -> FormParameters {
    FormParameters.parse(String(decoding: response.body, as: UTF8.self)) ?? FormParameters()
  }

  static func errorCode(_ response: HTTPResponse) -> Int? {
    ((EmulatorHarness.json(response)["errors"] as? [[String: Any]])?.first?["code"] as? Int)
  }

  /// request token → consent as Mona's X identity → (token, token secret, verifier).
  static func authorized(_ harness: EmulatorHarness) async throws -> (String, String, String) {
    let response = await harness.emulator.handle(
      signed(harness, "/twitter/oauth/request_token", extra: [("oauth_callback", EmulatorHarness.twitterCallback)]))
    #expect(response.status == 200)
    let fields = form(response)
    #expect(fields["oauth_callback_confirmed"] == "true")
    let token = try #require(fields["oauth_token"])
    let page = try await harness.consent(
      URL(string: "http://127.0.0.1:9399/twitter/oauth/authenticate")!.appendingQuery(["oauth_token": token]))
    let redirect = try EmulatorHarness.location(
      await harness.answer(page, ["action": "approve", "identity": "twitter:783214"]))
    let query = try #require(FormParameters.query(of: redirect))
    #expect(query["oauth_token"] == token)
    return (token, try #require(fields["oauth_token_secret"]), try #require(query["oauth_verifier"]))
  }

  @Test func badSignatureAtTheRequestTokenEndpoint() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/request_token", consumerSecret: ConsumerSecret("wrong"),
        extra: [("oauth_callback", EmulatorHarness.twitterCallback)]))
    #expect(response.status == 401)
    #expect(Self.errorCode(response) == 32)
    // Through the engine, a wrong consumer secret is auth/invalid-client.
    let wrong = try EmulatorHarness(
      serviceConfiguration: EmulatorSetup.defaultConfigurationText(emulatorBaseURL: EmulatorHarness.base)
        .replacingOccurrences(of: "\"\(EmulatorSetup.twitterConsumerSecret)\"", with: "\"not-the-secret\""))
    await expectAuthError(.invalidClient) { try await wrong.service.begin(OAuthProvider(providerID: "twitter.com")) }
  }

  @Test func badSignatureAtTheAccessTokenEndpoint() async throws {
    let harness = try EmulatorHarness()
    let (token, _, verifier) = try await Self.authorized(harness)
    let response = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/access_token", token: token, tokenSecret: "not-the-token-secret",
        extra: [("oauth_verifier", verifier)]))
    #expect(response.status == 401)
    #expect(Self.errorCode(response) == 32)
  }

  @Test func badSignatureAtVerifyCredentials() async throws {
    let harness = try EmulatorHarness()
    let (token, secret, verifier) = try await Self.authorized(harness)
    let access = Self.form(
      await harness.emulator.handle(
        Self.signed(
          harness, "/twitter/oauth/access_token", token: token, tokenSecret: secret,
          extra: [("oauth_verifier", verifier)])))
    let accessToken = try #require(access["oauth_token"])
    let accessSecret = try #require(access["oauth_token_secret"])
    #expect(access["user_id"] == "783214")
    let path = "/twitter/1.1/account/verify_credentials.json"
    let query: FormParameters = ["include_email": "true"]
    let good = await harness.emulator.handle(
      Self.signed(harness, path, method: "GET", query: query, token: accessToken, tokenSecret: accessSecret))
    #expect(EmulatorHarness.json(good)["email"] as? String == "octocat@example.com")
    let bad = await harness.emulator.handle(
      Self.signed(harness, path, method: "GET", query: query, token: accessToken, tokenSecret: "wrong"))
    #expect(bad.status == 401)
    #expect(Self.errorCode(bad) == 32)
    // The query is signed too: changing it after signing breaks the signature.
    var tampered = Self.signed(
      harness, path, method: "GET", query: query, token: accessToken, tokenSecret: accessSecret)
    tampered.url = URL(string: EmulatorHarness.base.absoluteString + path + "?include_email=false")!
    #expect(await harness.emulator.handle(tampered).status == 401)
    let unknown = await harness.emulator.handle(
      Self.signed(harness, path, method: "GET", query: query, token: "123-unknown", tokenSecret: accessSecret))
    #expect(Self.errorCode(unknown) == 89)
  }

  @Test func unregisteredCallbackIsRefused() async throws {
    let harness = try EmulatorHarness()
    for callback in [EmulatorHarness.twitterCallback + "/x", "https://evil.example/cb", "oob"] {
      let response = await harness.emulator.handle(
        Self.signed(harness, "/twitter/oauth/request_token", extra: [("oauth_callback", callback)]))
      #expect(response.status == 403, "\(callback)")
      #expect(Self.errorCode(response) == 415)
    }
  }

  @Test func reusedNonceIsRefused() async throws {
    let harness = try EmulatorHarness()
    let request = Self.signed(
      harness, "/twitter/oauth/request_token", extra: [("oauth_callback", EmulatorHarness.twitterCallback)],
      nonce: "once")
    #expect(await harness.emulator.handle(request).status == 200)
    let replay = await harness.emulator.handle(request)
    #expect(replay.status == 401)
    #expect(Self.errorCode(replay) == 32)
  }

  @Test func staleTimestampIsRefused() async throws {
    let harness = try EmulatorHarness()
    let stale = Int(harness.clock.now().timeIntervalSince1970) - 301
    let response = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/request_token", extra: [("oauth_callback", EmulatorHarness.twitterCallback)],
        timestamp: stale))
    #expect(response.status == 401)
    #expect(Self.errorCode(response) == 135)
  }

  @Test func verifierIsSingleUseAndMustMatch() async throws {
    let harness = try EmulatorHarness()
    let (token, secret, verifier) = try await Self.authorized(harness)
    let first = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/access_token", token: token, tokenSecret: secret, extra: [("oauth_verifier", verifier)]
      ))
    #expect(first.status == 200)
    let reused = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/access_token", token: token, tokenSecret: secret, extra: [("oauth_verifier", verifier)]
      ))
    #expect(reused.status == 401)
    // A wrong verifier is refused and burns the request token.
    let (other, otherSecret, otherVerifier) = try await Self.authorized(harness)
    let wrong = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/access_token", token: other, tokenSecret: otherSecret,
        extra: [("oauth_verifier", "guess")]))
    #expect(wrong.status == 401)
    let late = await harness.emulator.handle(
      Self.signed(
        harness, "/twitter/oauth/access_token", token: other, tokenSecret: otherSecret,
        extra: [("oauth_verifier", otherVerifier)]))
    #expect(late.status == 401)
  }

  @Test func unknownRequestTokenGetsAnErrorPage() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.get("/twitter/oauth/authenticate", ["oauth_token": "made-up"])
    #expect(response.status == 400)
    #expect(response.header("location") == nil)
  }
}
