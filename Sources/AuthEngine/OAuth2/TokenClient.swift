import Foundation

/// The client's identity at a token endpoint (RFC 6749 §2.3).
struct ClientCredentials: Sendable {
  var clientID: String
  var clientSecret: ClientSecret?
  var method: ClientAuthentication
}

/// RFC 6749 §4.1.3 code exchange and §6 refresh, against one token endpoint (and RFC 8628 §3.4 device
/// polls; the device authorization request of §3.1 posts to its own endpoint with `postForm`).
struct TokenClient: Sendable {
  let http: ProviderHTTP
  let endpoint: URL
  let client: ClientCredentials

  /// RFC 6749 §4.1.3 with the RFC 7636 §4.5 `code_verifier`.
  func exchange(code: AuthorizationCode, verifier: PKCECodeVerifier, redirectURI: String) async throws -> TokenResponse
  {
    var form = FormParameters()
    form.append("grant_type", "authorization_code")
    form.append("code", code.reveal())
    form.append("redirect_uri", redirectURI)
    form.append("code_verifier", verifier.reveal())
    return try await post(form, refreshing: false)
  }

  /// RFC 6749 §6. An `invalid_grant` answer means the grant is gone: `auth/user-token-expired`.
  func refresh(_ token: RefreshToken) async throws -> TokenResponse {
    var form = FormParameters()
    form.append("grant_type", "refresh_token")
    form.append("refresh_token", token.reveal())
    return try await post(form, refreshing: true)
  }

  /// RFC 8628 §3.4 device access token request: one poll. Its answer is read by `DevicePollAnswer`
  /// (a pending or refused authorization is one of §3.5's errors; the rest as `interpret` reads it).
  func pollDevice(_ code: DeviceCode) async throws -> HTTPResponse {
    var form = FormParameters()
    form.append("grant_type", DeviceGrant.grantType)
    form.append("device_code", code.reveal())
    return try await postForm(form)
  }

  private func post(_ form: FormParameters, refreshing: Bool) async throws -> TokenResponse {
    try Self.interpret(try await postForm(form), refreshing: refreshing)
  }

  /// POSTs `form` to the endpoint with this client's authentication (RFC 6749 §2.3.1); also used for
  /// RFC 7009 revocation.
  func postForm(_ form: FormParameters) async throws -> HTTPResponse {
    var form = form
    var headers: [(name: String, value: String)] = [
      ("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded"),
    ]
    switch (client.method, client.clientSecret) {
    case (.clientSecretBasic, let secret?):
      // RFC 6749 §2.3.1: each part form-encoded before base64.
      let pair = PercentEncoding.encode(client.clientID) + ":" + PercentEncoding.encode(secret.reveal())
      headers.append(("Authorization", "Basic " + Data(pair.utf8).base64EncodedString()))
    case (.clientSecretPost, let secret?):
      form.append("client_id", client.clientID)
      form.append("client_secret", secret.reveal())
    default:
      form.append("client_id", client.clientID)
    }
    return try await http.send(
      HTTPRequest(method: "POST", url: endpoint, headers: headers, body: Data(form.encoded.utf8)))
  }

  static func interpret(_ response: HTTPResponse, refreshing: Bool) throws -> TokenResponse {
    switch response.status {
    case 200..<300:
      switch TokenResponse.parse(response) {
      case .success(let token)?: return token
      case .failure(let error)?:
        throw error.providerError.map { TokenErrorMapping.error($0, refreshing: refreshing) } ?? error
      case nil:
        throw AuthError(
          .invalidProviderResponse, origin: .parsing, detail: "the token endpoint's answer is not a token response")
      }
    case 400, 401:
      let fields = TokenResponse.fields(of: response)
      guard let error = fields?["error"]?.string else {
        throw ProviderHTTP.status(.invalidProviderResponse, response, detail: "the token endpoint failed")
      }
      throw TokenErrorMapping.error(
        OAuthErrorResponse(
          error: error, errorDescription: fields?["error_description"]?.string, errorURI: fields?["error_uri"]?.string),
        refreshing: refreshing)
    default:
      try ProviderHTTP.requireSuccess(response, what: "the token endpoint")
      throw ProviderHTTP.status(.invalidProviderResponse, response, detail: "the token endpoint failed")
    }
  }
}
