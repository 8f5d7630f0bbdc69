import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// What the GitHub-like server and the OpenID provider refuse: PKCE, redirect URIs, client ids, codes,
/// consent tokens. Requests are crafted by hand (the engine never sends these mistakes).
@Suite struct EmulatorOAuth2Tests {

  static func githubQuery(_ overrides: [String: String?] = [:]) -> FormParameters {
    var fields: [String: String?] = [
      "client_id": EmulatorSetup.githubClientID, "redirect_uri": EmulatorHarness.githubRedirect,
      "response_type": "code", "scope": "read:user user:email", "state": "the-state",
      "code_challenge": EmulatorHarness.challenge,
      "code_challenge_method": "S256",
    ]
    fields.merge(overrides) { $1 }
    return FormParameters(fields.sorted { $0.key < $1.key }.compactMap { key, value in value.map { (key, $0) } })
  }

  /// A code for Mona through the consent page.
  static func code(_ harness: EmulatorHarness, path: String = "/github/login/oauth/authorize", _ query: FormParameters)
    async throws -> String
  {
    let page = try await harness.consent(URL(string: EmulatorHarness.base.absoluteString + path)!.appendingQuery(query))
    let identity = try #require(page.identities.first)
    let redirect = try EmulatorHarness.location(
      await harness.answer(page, ["action": "approve", "identity": identity]))
    return try #require(FormParameters.query(of: redirect)?["code"])
  }

  static func exchange(
    _ harness: EmulatorHarness, code: String, verifier: String = EmulatorHarness.verifier,
    redirectURI: String = EmulatorHarness.githubRedirect, clientID: String = EmulatorSetup.githubClientID
  ) async -> [String: Any] {
    let response = await harness.post(
      "/github/login/oauth/access_token",
      [
        "grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI, "code_verifier": verifier,
        "client_id": clientID,
      ], headers: [("Accept", "application/json")])
    #expect(response.status == 200)  // GitHub reports token errors with HTTP 200
    return EmulatorHarness.json(response)
  }

  /// The redirect's error for a request that passed the client and redirect URI checks.
  static func redirectError(_ response: HTTPResponse) throws -> FormParameters {
    let location = try EmulatorHarness.location(response)
    #expect(location.absoluteString.hasPrefix(EmulatorHarness.githubRedirect + "?"))
    return try #require(FormParameters.query(of: location))
  }

  @Test func missingPKCEIsRefused() async throws {
    let harness = try EmulatorHarness()
    let query = try Self.redirectError(
      await harness.get("/github/login/oauth/authorize", Self.githubQuery(["code_challenge": nil])))
    #expect(query["error"] == "invalid_request")
    #expect(query["state"] == "the-state")
    #expect(query["code"] == nil)
  }

  @Test func plainPKCEIsRefused() async throws {
    let harness = try EmulatorHarness()
    for method: String? in ["plain", nil] {
      let query = try Self.redirectError(
        await harness.get(
          "/github/login/oauth/authorize",
          Self.githubQuery(["code_challenge": EmulatorHarness.verifier, "code_challenge_method": method])))
      #expect(query["error"] == "invalid_request")
      #expect(query["error_description"]?.contains("S256") == true)
    }
  }

  @Test(arguments: [
    "\(EmulatorHarness.githubRedirect)/extra", "\(EmulatorHarness.githubRedirect)?x=1",
    "com.evil:/oauth2redirect/github.com",
    // The built-in client has both default redirects (the app chooses per sign-in), no other path.
    "http://127.0.0.1:8080/oauth2redirect/other", "",
  ])
  func unregisteredRedirectURIIsAnErrorPageNotARedirect(redirectURI: String) async throws {
    let harness = try EmulatorHarness()
    let response = await harness.get(
      "/github/login/oauth/authorize", Self.githubQuery(["redirect_uri": redirectURI.isEmpty ? nil : redirectURI]))
    #expect(response.status == 400)
    #expect(response.header("location") == nil)
    #expect(String(decoding: response.body, as: UTF8.self).contains("Redirect URI mismatch"))
  }

  @Test func loopbackRedirectAcceptsAnyPortButOnlyItsPath() async throws {
    let harness = try EmulatorHarness(
      configuration: """
        [providers."github.com"]
        client_id = "loopback-app"
        redirect = "loopback"
        """)
    let accepted = await harness.get(
      "/github/login/oauth/authorize",
      Self.githubQuery([
        "client_id": "loopback-app", "redirect_uri": "http://127.0.0.1:49152/oauth2redirect/github.com",
      ]))
    #expect(accepted.status == 200)
    // The form's redirect goes to the loopback origin, so the CSP's form-action names it.
    #expect(accepted.header("content-security-policy")?.contains("form-action 'self' http://127.0.0.1:49152;") == true)
    for wrong in [
      "http://127.0.0.1:49152/oauth2redirect/github.com/x", "http://localhost:49152/oauth2redirect/github.com",
    ] {
      let refused = await harness.get(
        "/github/login/oauth/authorize", Self.githubQuery(["client_id": "loopback-app", "redirect_uri": wrong]))
      #expect(refused.status == 400, "\(wrong)")
    }
  }

  @Test func unknownClientIDIsAnErrorPage() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.get("/github/login/oauth/authorize", Self.githubQuery(["client_id": "someone-else"]))
    #expect(response.status == 404)
    #expect(response.header("location") == nil)
  }

  @Test func codeExchangesOnceWithTheRightVerifier() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, Self.githubQuery())
    let tokens = await Self.exchange(harness, code: code)
    let token = try #require(tokens["access_token"] as? String)
    #expect(tokens["token_type"] as? String == "bearer")
    #expect(tokens["scope"] as? String == "read:user,user:email")
    let user = await harness.get(
      URL(string: "http://127.0.0.1:9399/github/api/user")!, headers: [("Authorization", "Bearer \(token)")])
    #expect(EmulatorHarness.json(user)["login"] as? String == "octocat")
    // Reused: refused, and the token it gave is revoked (RFC 6749 §4.1.2).
    let again = await Self.exchange(harness, code: code)
    #expect(again["error"] as? String == "bad_verification_code")
    let revoked = await harness.get(
      URL(string: "http://127.0.0.1:9399/github/api/user")!, headers: [("Authorization", "Bearer \(token)")])
    #expect(revoked.status == 401)
  }

  @Test func wrongVerifierIsInvalidGrantAndBurnsTheCode() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, Self.githubQuery())
    let wrong = await Self.exchange(harness, code: code, verifier: String(repeating: "a", count: 43))
    #expect(wrong["error"] as? String == "invalid_grant")
    #expect(await Self.exchange(harness, code: code)["error"] as? String == "bad_verification_code")
  }

  @Test func tokenRequestMustRepeatTheRedirectURI() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, Self.githubQuery())
    let answer = await Self.exchange(harness, code: code, redirectURI: EmulatorHarness.githubRedirect + "/extra")
    #expect(answer["error"] as? String == "redirect_uri_mismatch")
    #expect(answer["access_token"] == nil)
  }

  @Test func wrongClientIDAtTheTokenEndpoint() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, Self.githubQuery())
    #expect(
      await Self.exchange(harness, code: code, clientID: "someone-else")["error"] as? String
        == "incorrect_client_credentials")
  }

  @Test func clientSecretIsRequiredWhenTheClientHasOne() async throws {
    let harness = try EmulatorHarness(
      configuration: """
        [providers."github.com"]
        client_id = "confidential"
        client_secret = "s3cret"
        """)
    let code = try await Self.code(harness, Self.githubQuery(["client_id": "confidential"]))
    #expect(
      await Self.exchange(harness, code: code, clientID: "confidential")["error"] as? String
        == "incorrect_client_credentials")
    // Through the engine, which sends the secret: accepted.
    _ = try await harness.signIn("github.com", as: EmulatorHarness.mona)
  }

  @Test func expiredCodeIsRefused() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness, Self.githubQuery())
    harness.clock.advance(by: 601)
    #expect(await Self.exchange(harness, code: code)["error"] as? String == "bad_verification_code")
  }

  @Test func consentNeedsItsTokenAndIsAnsweredOnce() async throws {
    let harness = try EmulatorHarness()
    let url = URL(string: "http://127.0.0.1:9399/github/login/oauth/authorize")!.appendingQuery(Self.githubQuery())
    let page = try await harness.consent(url)
    let forged = await harness.answer(
      page, ["action": "approve", "identity": EmulatorHarness.mona], consentToken: "guessed")
    #expect(forged.status == 403)
    #expect(forged.header("location") == nil)
    let missing = await harness.post(
      "/consent", ["request": page.requestID, "action": "approve", "identity": EmulatorHarness.mona])
    #expect(missing.status == 403)
    _ = try EmulatorHarness.location(
      await harness.answer(page, ["action": "approve", "identity": EmulatorHarness.mona]))
    let replay = await harness.answer(page, ["action": "approve", "identity": EmulatorHarness.mona])
    #expect(replay.status == 400)
    #expect(replay.header("location") == nil)
  }

  /// Holds the next `count` readers of the identities until all of them are inside.
  actor BarrierIdentityStore: EmulatorIdentityStore {
    private var count = 0
    private var held: [CheckedContinuation<Void, Never>] = []

    func hold(_ count: Int) { self.count = count }

    func identities() async -> [EmulatorIdentity] {
      if count > 0 {
        await withCheckedContinuation { continuation in
          held.append(continuation)
          if held.count == count {
            count = 0
            for waiter in held { waiter.resume() }
            held = []
          }
        }
      }
      return EmulatorIdentity.seeds
    }

    func add(_ identity: EmulatorIdentity) {}
    func reset() {}
  }

  @Test func twoAnswersAtOnceGiveOneCode() async throws {
    let store = BarrierIdentityStore()
    let harness = try EmulatorHarness(store: store)
    let url = URL(string: "http://127.0.0.1:9399/github/login/oauth/authorize")!.appendingQuery(Self.githubQuery())
    let page = try await harness.consent(url)
    await store.hold(2)  // both answers are past their first check when they read the identities
    async let first = harness.answer(page, ["action": "approve", "identity": EmulatorHarness.mona])
    async let second = harness.answer(page, ["action": "approve", "identity": EmulatorHarness.mona])
    let statuses = await [first.status, second.status].sorted()
    #expect(statuses == [302, 400])
  }

  @Test func bearerIsRequiredForTheAPI() async throws {
    let harness = try EmulatorHarness()
    #expect(await harness.get("/github/api/user").status == 401)
    #expect(await harness.get("/github/api/user/emails").status == 401)
    let bad = await harness.get(
      URL(string: "http://127.0.0.1:9399/github/api/user")!, headers: [("Authorization", "Bearer gho_x")])
    #expect(EmulatorHarness.json(bad)["message"] as? String == "Bad credentials")
  }
}
