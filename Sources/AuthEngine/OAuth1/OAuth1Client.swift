import Foundation

/// RFC 5849 §2 redirection-based authorization: temporary credentials, then token credentials.
struct OAuth1Client: Sendable {
  let http: ProviderHTTP
  let signer: OAuth1Signer
  let clock: any AuthClock
  let random: any RandomSource

  struct TokenPair: Sendable {
    var token: String
    var secret: OAuthTokenSecret
    var fields: FormParameters
  }

  /// §2.1: `POST request_token` with `oauth_callback`. Aborts unless `oauth_callback_confirmed=true`.
  func requestToken(endpoint: URL, callback: String) async throws -> TokenPair {
    let pair = try await post(
      endpoint, token: nil, tokenSecret: nil, extra: [("oauth_callback", callback)], what: "the request token endpoint")
    guard pair.fields["oauth_callback_confirmed"]?.lowercased() == "true" else {
      throw AuthError(
        .invalidProviderResponse, origin: .validation,
        detail: "the provider did not confirm the callback (oauth_callback_confirmed)")
    }
    return pair
  }

  /// §2.3: `POST access_token` with the request token and `oauth_verifier`.
  func accessToken(endpoint: URL, requestToken: String, requestTokenSecret: OAuthTokenSecret, verifier: String)
    async throws -> TokenPair
  {
    try await post(
      endpoint, token: requestToken, tokenSecret: requestTokenSecret, extra: [("oauth_verifier", verifier)],
      what: "the access token endpoint")
  }

  /// A signed GET (§3), e.g. `account/verify_credentials`.
  func signedGET(_ url: URL, token: String, tokenSecret: OAuthTokenSecret, what: String) async throws -> JSONValue {
    let header = signer.authorizationHeader(
      method: "GET", url: url, parameters: parameters(token: token, extra: []), tokenSecret: tokenSecret)
    return try await http.json(
      HTTPRequest(url: url, headers: [("Authorization", header), ("Accept", "application/json")]), what: what)
  }

  /// A signed POST without a body, e.g. `oauth/invalidate_token`.
  func signedPOST(_ url: URL, token: String, tokenSecret: OAuthTokenSecret, what: String) async throws -> HTTPResponse {
    let header = signer.authorizationHeader(
      method: "POST", url: url, parameters: parameters(token: token, extra: []), tokenSecret: tokenSecret)
    let response = try await http.send(
      HTTPRequest(
        method: "POST", url: url,
        headers: [("Authorization", header), ("Content-Type", "application/x-www-form-urlencoded")], body: Data()))
    try ProviderHTTP.requireSuccess(response, what: what)
    return response
  }

  private func parameters(token: String?, extra: [(name: String, value: String)]) -> OAuth1Signer.ProtocolParameters {
    OAuth1Signer.ProtocolParameters(
      token: token, nonce: random.alphanumeric(32),
      timestamp: Int(clock.now().timeIntervalSince1970), extra: extra)
  }

  private func post(
    _ endpoint: URL, token: String?, tokenSecret: OAuthTokenSecret?, extra: [(name: String, value: String)],
    what: String
  ) async throws -> TokenPair {
    let header = signer.authorizationHeader(
      method: "POST", url: endpoint, parameters: parameters(token: token, extra: extra), tokenSecret: tokenSecret)
    let response = try await http.send(
      HTTPRequest(
        method: "POST", url: endpoint,
        headers: [("Authorization", header), ("Content-Type", "application/x-www-form-urlencoded")], body: Data()))
    if response.status == 401 || response.status == 400 {
      // Without a token, only the consumer credentials can be wrong.
      throw ProviderHTTP.status(
        token == nil ? .invalidClient : .invalidCredential, response, detail: "\(what) refused the request")
    }
    try ProviderHTTP.requireSuccess(response, what: what)
    guard let fields = FormParameters.parse(String(decoding: response.body, as: UTF8.self)),
      let token = fields["oauth_token"], !token.isEmpty, let secret = fields["oauth_token_secret"]
    else {
      throw AuthError(
        .invalidProviderResponse, origin: .parsing, detail: "\(what) did not return oauth_token and oauth_token_secret")
    }
    return TokenPair(token: token, secret: OAuthTokenSecret(secret), fields: fields)
  }
}
