import AuthEngine
import Foundation
import TestSupport
import Testing

/// What a device sign-in sends (RFC 8628 §3.1, §3.4), what it shows (§3.2–§3.3), which providers refuse
/// it, and that its secrets stay out of errors, descriptions and logs.
@Suite struct DeviceAuthorizationRequestTests {
  static func form(_ request: HTTPRequest) -> FormParameters {
    FormParameters.parse(String(decoding: request.body ?? Data(), as: UTF8.self)) ?? FormParameters()
  }

  @Test func theDeviceCodeRequestSendsTheClientIDAndScopesAndNoSecret() async throws {
    let provider = try ScriptedDeviceProvider(polls: [])
    let session = try await provider.start()
    await session.cancel()
    let request = try #require(provider.transport.requests.first)
    #expect(request.method == "POST" && request.url.path == "/login/device/code")
    #expect(request.header("Accept") == "application/json")
    let form = Self.form(request)
    #expect(form["client_id"] == "client-1")
    #expect(form["scope"] == "read:user user:email")
    #expect(form["client_secret"] == nil)
  }

  @Test func aPollSendsTheDeviceGrantTypeAndTheDeviceCode() async throws {
    let provider = try ScriptedDeviceProvider(polls: [ScriptedDeviceProvider.token])
    let session = try await provider.start()
    try await provider.drive(session)
    _ = try await session.result()
    let form = Self.form(try #require(provider.pollRequests.first))
    #expect(form["grant_type"] == "urn:ietf:params:oauth:grant-type:device_code")
    #expect(form["device_code"] == ScriptedDeviceProvider.deviceCode)
    #expect(form["client_id"] == "client-1")
    #expect(form["client_secret"] == nil)
  }

  @Test func thePromptCarriesTheResponsesFields() async throws {
    let provider = try ScriptedDeviceProvider(
      device: ["verification_uri_complete": "https://github.example/login/device?user_code=WDJB-MJHT"], polls: [])
    let session = try await provider.start()
    await session.cancel()
    #expect(session.prompt.verificationURI.absoluteString == "https://github.example/login/device")
    #expect(session.prompt.userCode == ScriptedDeviceProvider.userCode)
    #expect(session.prompt.expiresIn == .seconds(900))
    #expect(session.prompt.expiresAt == provider.clock.now() + 900)
    #expect(
      session.prompt.verificationURIComplete?.absoluteString
        == "https://github.example/login/device?user_code=WDJB-MJHT")
  }

  @Test func googlesVerificationURLIsTheVerificationURI() async throws {
    let provider = try ScriptedDeviceProvider(
      device: ["verification_uri": NSNull(), "verification_url": "https://www.google.example/device"], polls: [])
    let session = try await provider.start()
    await session.cancel()
    #expect(session.prompt.verificationURI.absoluteString == "https://www.google.example/device")
  }

  @Test func aUserCodeWithControlCharactersIsRefused() async throws {
    let provider = try ScriptedDeviceProvider(device: ["user_code": "WDJB\u{1B}[2J"], polls: [])
    await expectAuthError(.invalidProviderResponse) { try await provider.start() }
  }

  @Test func aPlainHTTPVerificationURIIsRefused() async throws {
    let provider = try ScriptedDeviceProvider(device: ["verification_uri": "http://evil.example/device"], polls: [])
    await expectAuthError(.invalidProviderResponse) { try await provider.start() }
  }

  @Test func aGitHubAppWithoutTheDeviceFlowIsOperationNotAllowed() async throws {
    let configuration = ScriptedDeviceProvider.configuration.replacingOccurrences(
      of: "https://github.example/login/device/code", with: "https://github.example/login/device/disabled")
    let provider = try ScriptedDeviceProvider(polls: [], configuration: configuration)
    let error = await expectAuthError(.operationNotAllowed) { try await provider.start() }
    #expect(error?.providerError?.error == "device_flow_disabled")
    #expect(error?.providerID == "github.com")
  }

  @Test func xHasNoDeviceGrant() async throws {
    let provider = try ScriptedDeviceProvider(
      polls: [],
      configuration: "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\n")
    let error = await expectAuthError(.operationNotAllowed) {
      try await provider.auth.startDeviceSignIn(OAuthProvider(providerID: "twitter.com"))
    }
    #expect(error?.providerID == "twitter.com")
    #expect(provider.transport.requests.isEmpty)
  }

  @Test func xOverOAuth2HasNoDeviceGrantEither() async throws {
    let provider = try ScriptedDeviceProvider(
      polls: [], configuration: "[providers.\"twitter.com\"]\nprotocol = \"oauth2\"\nclient_id = \"c\"\n")
    await expectAuthError(.operationNotAllowed) {
      try await provider.auth.startDeviceSignIn(OAuthProvider(providerID: "twitter.com"))
    }
    #expect(provider.transport.requests.isEmpty)
  }

  @Test func linkingNeedsASignedInUser() async throws {
    let provider = try ScriptedDeviceProvider(polls: [])
    await expectAuthError(.noCurrentUser) { try await provider.start(intent: .link) }
    #expect(provider.transport.requests.isEmpty)
  }

  @Test func theDeviceCodeUserCodeAndTokensStayOutOfErrorsDescriptionsAndLogs() async throws {
    let failing = ScriptedDeviceProvider.error("server_error", status: 400)
    let provider = try ScriptedDeviceProvider(polls: [ScriptedDeviceProvider.error("slow_down"), failing])
    let session = try await provider.start()
    try await provider.drive(session)
    let error = try #require(await expectAuthError(.providerError) { try await session.result() })
    let signedIn = try ScriptedDeviceProvider(polls: [ScriptedDeviceProvider.token])
    let other = try await signedIn.start()
    try await signedIn.drive(other)
    let result = try await other.result()
    let printed = [
      "\(error)", String(reflecting: error), "\(session.prompt)", String(reflecting: session.prompt),
      "\(result.credential!)", String(reflecting: result.credential!),
    ]
    let logged = provider.logs.all + signedIn.logs.all
    #expect(!logged.isEmpty)
    for text in printed + logged {
      for secret in [
        ScriptedDeviceProvider.deviceCode, ScriptedDeviceProvider.userCode, ScriptedDeviceProvider.accessToken,
      ] {
        #expect(!text.contains(secret), "\(text)")
      }
    }
  }
}
