import AuthEngine
import Foundation
import TestSupport
import Testing

/// Faults that real servers don't produce on demand, through `InMemoryHTTPTransport`.
@Suite struct FaultInjectionTests {
  static let issuer = "https://idp.example"

  func service(_ handler: @escaping InMemoryHTTPTransport.Handler) throws -> (
    AuthorizationService, InMemoryHTTPTransport
  ) {
    let transport = InMemoryHTTPTransport(handler)
    let configuration = try ConfigurationLoader.parse(
      "[providers.\"oidc.x\"]\nissuer = \"\(Self.issuer)\"\nclient_id = \"c\"\n[providers.\"github.com\"]\nclient_id = \"g\"\n"
    )
    let environment = AuthEnvironment(
      transport: transport, secrets: InMemorySecretStore(), pending: InMemoryPendingAuthorizationStore(),
      clock: ManualClock(), random: CountingRandomSource())
    return (AuthorizationService(configuration: configuration, environment: environment), transport)
  }

  static func discovery(_ overrides: [String: Any] = [:]) -> [String: Any] {
    [
      "issuer": issuer, "authorization_endpoint": "\(issuer)/authorize", "token_endpoint": "\(issuer)/token",
      "jwks_uri": "\(issuer)/jwks",
    ].merging(overrides) { $1 }
  }

  @Test(arguments: ["token_endpoint", "authorization_endpoint", "jwks_uri"])
  func discoveredPlainHTTPEndpointsAreRefused(key: String) async throws {
    let (service, _) = try service { _ in InMemoryHTTPTransport.json(Self.discovery([key: "http://idp.example/x"])) }
    let error = await expectAuthError(.insecureEndpoint) {
      try await service.begin(OAuthProvider(providerID: "oidc.x"))
    }
    #expect(error?.detail?.contains(key) == true)
    #expect(error?.configurationIssue == nil, "a discovered endpoint is not a configuration setting")
  }

  @Test func droppedConnectionIsNetworkRequestFailed() async throws {
    let (service, _) = try service { _ in
      throw AuthError(.networkRequestFailed, origin: .transport, detail: "connection reset")
    }
    await expectAuthError(.networkRequestFailed) { try await service.begin(OAuthProvider(providerID: "oidc.x")) }
  }

  @Test(arguments: [
    (HTTPResponse(status: 500, body: Data("<html>oops</html>".utf8)), AuthErrorCode.invalidProviderResponse),
    (HTTPResponse(status: 200, body: Data("not json".utf8)), .invalidProviderResponse),
    (InMemoryHTTPTransport.json(["authorization_endpoint": "https://x"]), .invalidProviderResponse),
    (
      InMemoryHTTPTransport.json(["issuer": "https://evil.example", "authorization_endpoint": "https://x"]),
      .issuerMismatch
    ),
  ])
  func brokenDiscoveryAnswers(response: HTTPResponse, code: AuthErrorCode) async throws {
    let (service, _) = try service { _ in response }
    await expectAuthError(code) { try await service.begin(OAuthProvider(providerID: "oidc.x")) }
  }

  @Test func authorizationRequestCarriesEveryProtocolParameter() async throws {
    let (service, transport) = try service { _ in InMemoryHTTPTransport.json(Self.discovery()) }
    let pending = try await service.begin(OAuthProvider(providerID: "oidc.x"))
    let query = try #require(FormParameters.query(of: pending.authorizationURL))
    for name in [
      "response_type", "client_id", "redirect_uri", "scope", "state", "code_challenge", "code_challenge_method",
      "nonce",
    ] {
      #expect(query.count(of: name) == 1, "\(name)")
    }
    #expect(pending.expiresAt.timeIntervalSince(ManualClock().now()) == 600)
    #expect(transport.requests.map(\.url.path) == ["/.well-known/openid-configuration"])
  }
}
