import AuthEngine
import Foundation

/// The GitHub-like OAuth 2.0 server: GitHub's OAuth-app endpoints and answer shapes.
extension ProviderEmulator {
  static let githubDocs = "https://docs.github.com/rest"

  func githubAuthorize(_ request: HTTPRequest) async -> HTTPResponse {
    await authorize(request, provider: .github)
  }

  /// `POST /login/oauth/access_token`. Like GitHub: JSON only with `Accept: application/json`, otherwise
  /// form-encoded; errors with HTTP 200 (`bad_verification_code`, `incorrect_client_credentials`,
  /// `redirect_uri_mismatch`); `token_type=bearer`; the granted scopes comma-separated. A request with
  /// the device grant type or a `device_code` is a device flow poll (RFC 8628 §3.4, `githubDevicePoll`).
  func githubToken(_ request: HTTPRequest) -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    let reply = GitHubReply(request)
    if form["grant_type"] == DeviceFlowSettings.grantType || form.count(of: "device_code") > 0 {
      return githubDevicePoll(form, reply: reply)
    }
    let basic = EmulatorHTTP.basic(request)
    guard let client = client(.github, EmulatorHTTP.single("client_id", in: form) ?? basic?.id),
      client.clientSecret.map({ secret in
        (EmulatorHTTP.single("client_secret", in: form) ?? basic?.secret).map(secret.constantTimeEquals) ?? false
      }) ?? true
    else {
      return reply.failure(Self.incorrectClientCredentials)
    }
    if let grantType = form["grant_type"], grantType != "authorization_code" {
      return reply.failure(
        OAuthErrorResponse(error: "unsupported_grant_type", errorDescription: "Only authorization_code."))
    }
    switch redeem(form, client: client, issuer: nil) {
    case .failure(let refusal): return reply.failure(refusal.error)
    case .success(let issued):
      let answer = githubTokenAnswer(
        reply, clientID: client.clientID, identity: issued.identity, scopes: issued.grant.scopes)
      recordToken(answer.token, forCode: form["code"])
      return answer.response
    }
  }

  static let incorrectClientCredentials = OAuthErrorResponse(
    error: "incorrect_client_credentials", errorDescription: "The client_id and/or client_secret passed are incorrect.")

  /// A new `gho_` token for `identity` and GitHub's answer with it.
  func githubTokenAnswer(_ reply: GitHubReply, clientID: String, identity: EmulatorIdentity, scopes: [String])
    -> (token: String, response: HTTPResponse)
  {
    let token = "gho_" + random.alphanumeric(36)
    tokens[token] = IssuedToken(
      provider: .github, clientID: clientID, identity: identity, scopes: scopes, expiresAt: nil)
    return (
      token,
      reply.answer([("access_token", token), ("token_type", "bearer"), ("scope", scopes.joined(separator: ","))])
    )
  }

  /// The token behind `Authorization: Bearer|token X`, or GitHub's 401.
  private func githubBearer(_ request: HTTPRequest) -> Result<IssuedToken, Refusal> {
    guard let value = EmulatorHTTP.bearer(request, allowTokenScheme: true) else {
      return .failure(Refusal(githubError(401, "Requires authentication")))
    }
    guard let token = tokens[value], token.provider == .github else {
      return .failure(Refusal(githubError(401, "Bad credentials")))
    }
    return .success(token)
  }

  func githubUser(_ request: HTTPRequest) -> HTTPResponse {
    switch githubBearer(request) {
    case .failure(let refusal): return refusal.response
    case .success(let token):
      let identity = token.identity
      return EmulatorHTTP.json([
        "id": Int(identity.id) ?? 0, "login": identity.login, "name": identity.name,
        "email": identity.email.map { $0 as Any } ?? NSNull(), "type": "User", "site_admin": false,
        "node_id": "U_" + Base64URL.encode(Array(identity.id.utf8)),
        "html_url": "\(root)/github/\(PercentEncoding.encode(identity.login))",
      ])
    }
  }

  /// `GET /user/emails`: needs `user:email` or `user`, like GitHub (404 otherwise).
  func githubEmails(_ request: HTTPRequest) -> HTTPResponse {
    switch githubBearer(request) {
    case .failure(let refusal): return refusal.response
    case .success(let token):
      guard token.scopes.contains("user:email") || token.scopes.contains("user") else {
        return githubError(404, "Not Found")
      }
      guard let email = token.identity.email else { return EmulatorHTTP.json([Any]()) }
      return EmulatorHTTP.json([["email": email, "primary": true, "verified": true, "visibility": "public"]])
    }
  }

  /// GitHub's "Delete an app token": `DELETE /applications/CLIENT_ID/token`, Basic client auth, JSON
  /// `{"access_token"}`; 204.
  func githubRevoke(_ request: HTTPRequest, path: String) -> HTTPResponse {
    let clientID = PercentEncoding.decode(
      path.dropFirst(EmulatorRoutes.githubApplications.count).dropLast("/token".count), plusAsSpace: false)
    guard let basic = EmulatorHTTP.basic(request), let client = client(.github, basic.id),
      let secret = client.clientSecret, secret.constantTimeEquals(basic.secret)
    else { return githubError(401, "Bad credentials") }
    guard clientID == client.clientID,
      let body = request.body.flatMap(JSONValue.parse), let value = body["access_token"]?.string,
      let token = tokens[value], token.provider == .github, token.clientID == client.clientID
    else { return githubError(404, "Not Found") }
    tokens[value] = nil
    return HTTPResponse(status: 204)
  }

  func githubError(_ status: Int, _ message: String) -> HTTPResponse {
    EmulatorHTTP.json(
      ["message": message, "documentation_url": Self.githubDocs, "status": String(status)], status: status)
  }
}
