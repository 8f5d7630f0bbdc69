import AuthEngine
import Foundation

/// The X-like OAuth 1.0a server (RFC 5849 §2, X's "Sign in with Twitter").
extension ProviderEmulator {
  /// §2.1: signed by the consumer alone; `oauth_callback` must be a registered callback URL exactly.
  func twitterRequestToken(_ request: HTTPRequest) -> HTTPResponse {
    let signed: SignedRequest
    switch verifySignature(request, tokenSecret: { $0 == nil ? "" : nil }) {
    case .failure(let refusal): return refusal.response
    case .success(let value): signed = value
    }
    guard let callback = signed.oauth["oauth_callback"], signed.client.accepts(redirectURI: callback) else {
      return Self.twitterError(
        403, code: 415,
        "Callback URL not approved for this client application. Approved callback URLs can be adjusted in your "
          + "application settings")
    }
    let token = random.token(bytes: 24)
    let secret = random.token(bytes: 24)
    requestTokens[token] = RequestTokenRecord(
      consumerKey: signed.client.clientID, secret: secret, callback: callback, expiresAt: now() + Self.lifetime)
    return EmulatorHTTP.form([
      "oauth_token": token, "oauth_token_secret": secret, "oauth_callback_confirmed": "true",
    ])
  }

  /// §2.2: the consent page for a request token that is not authorized yet.
  func twitterAuthenticate(_ request: HTTPRequest) async -> HTTPResponse {
    let query = EmulatorHTTP.query(of: request)
    guard let token = EmulatorHTTP.single("oauth_token", in: query), let record = requestTokens[token],
      record.verifier == nil
    else {
      return EmulatorHTTP.errorPage(
        "This page is no longer valid", "The request token is missing, unknown, expired or already used.")
    }
    return await showConsent(
      .oauth1(requestToken: token), provider: .twitter, clientID: record.consumerKey, redirectURI: record.callback,
      scopes: [])
  }

  /// §2.3: signed with the request token's secret, with the verifier; the request token is single use
  /// (any attempt burns it).
  func twitterAccessToken(_ request: HTTPRequest) -> HTTPResponse {
    var record: RequestTokenRecord?
    let signed: SignedRequest
    let verified = verifySignature(request) { token in
      guard let token, let found = requestTokens[token], found.verifier != nil else { return nil }
      record = found
      return found.secret
    }
    switch verified {
    case .failure(let refusal): return refusal.response
    case .success(let value): signed = value
    }
    guard let record, let token = signed.oauth["oauth_token"], record.consumerKey == signed.client.clientID,
      let expected = record.verifier, let identity = record.identity
    else { return Self.twitterError(401, code: 89, "Invalid or expired token.") }
    requestTokens[token] = nil
    guard let verifier = signed.oauth["oauth_verifier"], EmulatorHTTP.constantTimeEquals(verifier, expected) else {
      return EmulatorHTTP.text("Error processing your OAuth request: Invalid oauth_verifier parameter", status: 401)
    }
    let access = "\(identity.id)-" + random.alphanumeric(40)
    let secret = random.alphanumeric(45)
    oauth1Tokens[access] = OAuth1AccessRecord(consumerKey: signed.client.clientID, secret: secret, identity: identity)
    return EmulatorHTTP.form([
      "oauth_token": access, "oauth_token_secret": secret, "user_id": identity.id, "screen_name": identity.login,
    ])
  }

  /// The access token's record for a request signed with it, or X's 401.
  private func twitterAccess(_ request: HTTPRequest) -> Result<(String, OAuth1AccessRecord), Refusal> {
    var record: (String, OAuth1AccessRecord)?
    let verified = verifySignature(request) { token in
      guard let token, let found = oauth1Tokens[token] else { return nil }
      record = (token, found)
      return found.secret
    }
    switch verified {
    case .failure(let refusal): return .failure(refusal)
    case .success(let signed):
      guard let record, record.1.consumerKey == signed.client.clientID else {
        return .failure(Refusal(Self.twitterError(401, code: 89, "Invalid or expired token.")))
      }
      return .success(record)
    }
  }

  /// `GET 1.1/account/verify_credentials.json` (`include_email=true` adds the email).
  func twitterVerifyCredentials(_ request: HTTPRequest) -> HTTPResponse {
    switch twitterAccess(request) {
    case .failure(let refusal): return refusal.response
    case .success((_, let record)):
      let identity = record.identity
      var user: [String: Any] = [
        "id": Int(identity.id) ?? 0, "id_str": identity.id, "name": identity.name, "screen_name": identity.login,
        "protected": false, "verified": false,
      ]
      if EmulatorHTTP.query(of: request)["include_email"] == "true" {
        user["email"] = identity.email ?? ""
      }
      return EmulatorHTTP.json(user)
    }
  }

  /// `POST 1.1/oauth/invalidate_token`: the access token that signed the request stops working.
  func twitterInvalidate(_ request: HTTPRequest) -> HTTPResponse {
    switch twitterAccess(request) {
    case .failure(let refusal): return refusal.response
    case .success((let token, _)):
      oauth1Tokens[token] = nil
      return EmulatorHTTP.json(["access_token": token])
    }
  }
}
