import Foundation
import TestSupport
import Testing

@testable import AuthEngine

/// The token endpoint client (RFC 6749 §4.1.3, §5.1, §5.2, §6) over `InMemoryHTTPTransport`: what it
/// sends and how it reads each kind of answer (one behaviour per test).
@Suite struct TokenClientTests {
  static let endpoint = URL(string: "https://provider.example/token")!

  func client(
    secret: String? = nil, method: ClientAuthentication = .clientSecretPost,
    _ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) -> (TokenClient, InMemoryHTTPTransport) {
    let transport = InMemoryHTTPTransport { answer($0) }
    let credentials = ClientCredentials(
      clientID: "client-1", clientSecret: secret.map(ClientSecret.init), method: method)
    return (
      TokenClient(
        http: ProviderHTTP(transport: transport, userAgent: "tests"), endpoint: Self.endpoint, client: credentials),
      transport
    )
  }

  func exchange(_ client: TokenClient) async throws -> TokenResponse {
    try await client.exchange(
      code: AuthorizationCode("the-code"), verifier: PKCECodeVerifier("the-verifier"),
      redirectURI: "dev.authdesktop.tests:/oauth2redirect/github.com")
  }

  /// The HTTP status an `AuthError` carries, if any.
  static func httpStatus(_ error: AuthError) -> Int? {
    if case .httpStatus(let status) = error.payload { return status }
    return nil
  }

  static func body(_ text: String, status: Int = 200, type: String) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": type], body: Data(text.utf8))
  }

  @Test func aTokenResponseIsRead() async throws {
    let (client, _) = client { _ in
      InMemoryHTTPTransport.json([
        "access_token": "at-1", "token_type": "bearer", "expires_in": 3600, "refresh_token": "rt-1",
        "scope": "read:user user:email",
      ])
    }
    let token = try await exchange(client)
    #expect(token.accessToken.reveal() == "at-1")
    #expect(token.tokenType == "bearer")
    #expect(token.expiresIn == 3600)
    #expect(token.refreshToken?.reveal() == "rt-1")
    #expect(token.scope == ["read:user", "user:email"])
  }

  @Test func theExchangeSendsTheCodeVerifierAndRedirectURI() async throws {
    let (client, transport) = client { _ in InMemoryHTTPTransport.json(["access_token": "a", "token_type": "bearer"]) }
    _ = try await exchange(client)
    let request = try #require(transport.requests.first)
    #expect(request.method == "POST" && request.url == Self.endpoint)
    let form = try #require(FormParameters.parse(String(decoding: request.body ?? Data(), as: UTF8.self)))
    #expect(form["grant_type"] == "authorization_code")
    #expect(form["code"] == "the-code")
    #expect(form["code_verifier"] == "the-verifier")
    #expect(form["redirect_uri"] == "dev.authdesktop.tests:/oauth2redirect/github.com")
    #expect(form["client_id"] == "client-1")
    #expect(request.header("Accept") == "application/json")
  }

  @Test func basicAuthenticationFormEncodesEachPartFirst() async throws {
    let (client, transport) = client(secret: "s3cr:t", method: .clientSecretBasic) { _ in
      InMemoryHTTPTransport.json(["access_token": "a", "token_type": "bearer"])
    }
    _ = try await exchange(client)
    let request = try #require(transport.requests.first)
    #expect(request.header("Authorization") == "Basic " + Data("client-1:s3cr%3At".utf8).base64EncodedString())
    #expect(FormParameters.parse(String(decoding: request.body ?? Data(), as: UTF8.self))?["client_secret"] == nil)
  }

  @Test func anErrorResponseIsMappedByItsErrorCode() async {
    let (client, _) = client { _ in
      InMemoryHTTPTransport.json(["error": "invalid_client", "error_description": "bad secret"], status: 401)
    }
    let error = await expectAuthError(.invalidClient) { try await exchange(client) }
    #expect(error?.providerError?.error == "invalid_client")
    #expect(error?.providerError?.errorDescription == "bad secret")
  }

  @Test func anInvalidGrantAtExchangeIsInvalidCredential() async {
    let (client, _) = client { _ in InMemoryHTTPTransport.json(["error": "invalid_grant"], status: 400) }
    await expectAuthError(.invalidCredential) { try await exchange(client) }
  }

  @Test func anInvalidGrantAtRefreshIsUserTokenExpired() async {
    let (client, _) = client { _ in InMemoryHTTPTransport.json(["error": "invalid_grant"], status: 400) }
    await expectAuthError(.userTokenExpired) { try await client.refresh(RefreshToken("rt-gone")) }
  }

  @Test func anUnknownErrorCodeIsProviderError() async {
    let (client, _) = client { _ in InMemoryHTTPTransport.json(["error": "temporarily_unavailable"], status: 400) }
    let error = await expectAuthError(.providerError) { try await exchange(client) }
    #expect(error?.providerError?.error == "temporarily_unavailable")
  }

  @Test func gitHubsHTTP200ErrorIsAnError() async {
    let (client, _) = client { _ in
      Self.body(
        "error=bad_verification_code&error_description=The+code+passed+is+incorrect+or+expired.", status: 200,
        type: "application/x-www-form-urlencoded")
    }
    let error = await expectAuthError(.invalidCredential) { try await exchange(client) }
    #expect(error?.providerError?.error == "bad_verification_code")
  }

  @Test func gitHubsHTTP200ErrorInJSONIsAnError() async {
    let (client, _) = client { _ in InMemoryHTTPTransport.json(["error": "incorrect_client_credentials"]) }
    await expectAuthError(.invalidClient) { try await exchange(client) }
  }

  @Test func http500IsInvalidProviderResponseWithItsStatus() async {
    let (client, _) = client { _ in Self.body("<html>oops</html>", status: 500, type: "text/html") }
    let error = await expectAuthError(.invalidProviderResponse) { try await exchange(client) }
    #expect(error.flatMap(Self.httpStatus) == 500)
  }

  @Test func a400WithoutAnErrorFieldIsInvalidProviderResponse() async {
    let (client, _) = client { _ in Self.body("Bad Request", status: 400, type: "text/plain") }
    let error = await expectAuthError(.invalidProviderResponse) { try await exchange(client) }
    #expect(error.flatMap(Self.httpStatus) == 400)
  }

  @Test func aNonJSONSuccessIsInvalidProviderResponse() async {
    let (client, _) = client { _ in Self.body("<html>signed in</html>", status: 200, type: "text/html") }
    let error = await expectAuthError(.invalidProviderResponse) { try await exchange(client) }
    #expect(error.flatMap(Self.httpStatus) == nil, "an answer that is not a token response, not a failed status")
  }

  @Test func aResponseWithoutTokenTypeIsInvalidProviderResponse() async {
    let (client, _) = client { _ in InMemoryHTTPTransport.json(["access_token": "a"]) }
    await expectAuthError(.invalidProviderResponse) { try await exchange(client) }
  }
}
