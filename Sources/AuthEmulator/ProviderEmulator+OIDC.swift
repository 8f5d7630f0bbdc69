import AuthEngine
import Foundation

/// The OpenID Connect provider (OIDC Core 1.0, Discovery 1.0), at two issuers that differ only in the
/// ID token's algorithm: `BASE/oidc` (ES256) and `BASE/oidc/rs256` (RS256).
extension ProviderEmulator {
  static let accessTokenLifetime: TimeInterval = 3600

  func oidc(_ issuer: OIDCIssuer, _ rest: String, method: String, _ request: HTTPRequest) async -> HTTPResponse {
    let get = method == "GET" || method == "HEAD"
    switch (rest, get) {
    case ("/.well-known/openid-configuration", true): return EmulatorHTTP.json(discovery(issuer))
    case ("/jwks", true): return EmulatorHTTP.json(keys.jwks)
    case ("/authorize", true): return await authorize(request, provider: .oidc, issuer: issuer)
    case ("/token", false) where method == "POST": return oidcToken(issuer, request)
    case ("/userinfo", _) where get || method == "POST": return userinfo(request)
    case ("/revoke", false) where method == "POST": return oidcRevoke(request)
    case ("/device_authorization", false) where method == "POST": return oidcDeviceAuthorization(issuer, request)
    case ("/device", _): return await devicePageRoute(request, method: method, provider: .oidc(issuer))
    case ("/.well-known/openid-configuration", _), ("/jwks", _), ("/authorize", _):
      return EmulatorHTTP.methodNotAllowed("GET")
    case ("/token", _), ("/revoke", _), ("/device_authorization", _): return EmulatorHTTP.methodNotAllowed("POST")
    default: return EmulatorHTTP.json(["error": "not_found"], status: 404)
    }
  }

  func discovery(_ issuer: OIDCIssuer) -> [String: Any] {
    let base = root + issuer.path
    return [
      "issuer": base, "authorization_endpoint": "\(base)/authorize", "token_endpoint": "\(base)/token",
      "jwks_uri": "\(base)/jwks", "userinfo_endpoint": "\(base)/userinfo", "revocation_endpoint": "\(base)/revoke",
      "device_authorization_endpoint": "\(base)/device_authorization",
      "response_types_supported": ["code"], "subject_types_supported": ["public"],
      "id_token_signing_alg_values_supported": [issuer.algorithm], "code_challenge_methods_supported": ["S256"],
      "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
      "grant_types_supported": ["authorization_code", DeviceFlowSettings.grantType],
      "scopes_supported": ["openid", "email", "profile"],
      "claims_supported": [
        "sub", "iss", "aud", "exp", "iat", "auth_time", "nonce", "email", "email_verified", "name",
        "preferred_username",
      ],
      "authorization_response_iss_parameter_supported": true,
    ]
  }

  /// RFC 6749 §2.3.1 client authentication: Basic or `client_secret` in the body for a client with a
  /// secret; `client_id` alone for a public client.
  func authenticatedOIDCClient(_ request: HTTPRequest, _ form: FormParameters) -> Result<
    EmulatorClient, Refusal
  > {
    let basic = EmulatorHTTP.basic(request)
    let failure = EmulatorHTTP.json(
      ["error": "invalid_client", "error_description": "Client authentication failed."], status: 401,
      headers: ["WWW-Authenticate": "Basic realm=\"emulator\"", "Cache-Control": "no-store"])
    guard let client = client(.oidc, basic?.id ?? EmulatorHTTP.single("client_id", in: form)) else {
      return .failure(Refusal(failure))
    }
    if let secret = client.clientSecret {
      guard let presented = basic?.secret ?? EmulatorHTTP.single("client_secret", in: form),
        secret.constantTimeEquals(presented)
      else { return .failure(Refusal(failure)) }
    }
    return .success(client)
  }

  /// RFC 6749 §4.1.3 / OIDC Core §3.1.3: the access token and a signed ID token. The device grant
  /// (RFC 8628 §3.4) is answered by `oidcDevicePoll`.
  func oidcToken(_ issuer: OIDCIssuer, _ request: HTTPRequest) -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    let client: EmulatorClient
    switch authenticatedOIDCClient(request, form) {
    case .failure(let refusal): return refusal.response
    case .success(let value): client = value
    }
    if EmulatorHTTP.single("grant_type", in: form) == DeviceFlowSettings.grantType {
      return oidcDevicePoll(issuer, form, client: client)
    }
    guard EmulatorHTTP.single("grant_type", in: form) == "authorization_code" else {
      return Self.oidcTokenFailure(
        OAuthErrorResponse(error: "unsupported_grant_type", errorDescription: "Only authorization_code."))
    }
    switch redeem(form, client: client, issuer: issuer) {
    case .failure(let refusal): return Self.oidcTokenFailure(refusal.error)
    case .success(let issued):
      let answer = oidcTokenAnswer(
        issuer, clientID: client.clientID, identity: issued.identity, scopes: issued.grant.scopes,
        nonce: issued.grant.nonce, authTime: now())
      if let token = answer.token { recordToken(token, forCode: form["code"]) }
      return answer.response
    }
  }

  /// RFC 6749 §5.2: HTTP 400 JSON.
  static func oidcTokenFailure(_ error: OAuthErrorResponse) -> HTTPResponse {
    EmulatorHTTP.json(
      ["error": error.error, "error_description": error.errorDescription ?? ""], status: 400,
      headers: ["Cache-Control": "no-store"])
  }

  /// RFC 6749 §5.1 / OIDC Core §3.1.3.3: a new access token for `identity` and an ID token signed with
  /// the issuer's algorithm (`nonce` only when the request had one: not in the device grant).
  func oidcTokenAnswer(
    _ issuer: OIDCIssuer, clientID: String, identity: EmulatorIdentity, scopes: [String], nonce: String?,
    authTime: Date
  ) -> (token: String?, response: HTTPResponse) {
    let accessToken = random.token(bytes: 32)
    let issuedAt = Int(now().timeIntervalSince1970)
    var claims: [String: Any] = [
      "iss": root + issuer.path, "sub": identity.id, "aud": clientID, "iat": issuedAt, "exp": issuedAt + 3600,
      "auth_time": Int(authTime.timeIntervalSince1970),
    ]
    if let nonce { claims["nonce"] = nonce }
    claims.merge(Self.userClaims(identity, scopes: scopes)) { $1 }
    let idToken: String
    do {
      idToken = try keys.sign(claims, algorithm: issuer.algorithm)
    } catch {
      return (nil, EmulatorHTTP.json(["error": "server_error"], status: 500))
    }
    tokens[accessToken] = IssuedToken(
      provider: .oidc, clientID: clientID, identity: identity, scopes: scopes,
      expiresAt: now() + Self.accessTokenLifetime)
    return (
      accessToken,
      EmulatorHTTP.json(
        [
          "access_token": accessToken, "token_type": "Bearer", "expires_in": Int(Self.accessTokenLifetime),
          "id_token": idToken, "scope": scopes.joined(separator: " "),
        ], headers: ["Cache-Control": "no-store", "Pragma": "no-cache"])
    )
  }

  /// OIDC Core §5.4: `profile` releases the name, `email` the address.
  static func userClaims(_ identity: EmulatorIdentity, scopes: [String]) -> [String: Any] {
    var claims: [String: Any] = [:]
    if scopes.contains("profile") {
      claims["name"] = identity.name
      claims["preferred_username"] = identity.login
    }
    if scopes.contains("email"), let email = identity.email {
      claims["email"] = email
      claims["email_verified"] = true
    }
    return claims
  }

  /// OIDC Core §5.3 with the bearer token (RFC 6750 §3 errors).
  func userinfo(_ request: HTTPRequest) -> HTTPResponse {
    guard let value = EmulatorHTTP.bearer(request), let token = tokens[value], token.provider == .oidc else {
      return HTTPResponse(
        status: 401, headers: ["WWW-Authenticate": "Bearer error=\"invalid_token\""], body: Data())
    }
    var claims = Self.userClaims(token.identity, scopes: token.scopes)
    claims["sub"] = token.identity.id
    return EmulatorHTTP.json(claims, headers: ["Cache-Control": "no-store"])
  }

  /// RFC 7009: 200 whether or not the token was known.
  func oidcRevoke(_ request: HTTPRequest) -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    switch authenticatedOIDCClient(request, form) {
    case .failure(let refusal): return refusal.response
    case .success(let client):
      if let value = EmulatorHTTP.single("token", in: form), let token = tokens[value], token.provider == .oidc,
        token.clientID == client.clientID
      {
        tokens[value] = nil
      }
      return HTTPResponse(status: 200)
    }
  }
}
