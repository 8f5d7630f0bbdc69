import AuthEngine
import Foundation

/// A network floor of benchmark 1: the token exchange, `GET /user` and `GET /user/emails` with a
/// transport, the same headers and bodies, and no parsing beyond the access token. The two GETs in
/// turn, or (`together`) at the same time, as the engine asks them.
struct Floor {
  let server: URL
  let client: RedirectBenchmark.Client
  let transport: any HTTPTransport

  /// A fresh authorization code, obtained outside the timed part.
  func code(browsing browser: some HTTPTransport) async throws -> (code: String, verifier: String) {
    let pkce = PKCE.generate(using: SystemRandomSource())
    var query = FormParameters()
    query.append("response_type", "code")
    query.append("client_id", client.id)
    query.append("redirect_uri", RedirectBenchmark.redirect)
    query.append("scope", "read:user user:email")
    query.append("state", SystemRandomSource().token())
    query.append("code_challenge", pkce.challenge)
    query.append("code_challenge_method", PKCE.method)
    let url = server.appendingPathComponent("login/oauth/authorize").appendingQuery(query)
    let location = try await browse(url, browser)
    guard let code = FormParameters.query(of: location)?["code"] else { throw BenchError("no code in the redirect") }
    return (code, pkce.verifier.reveal())
  }

  func roundTrips(code: (code: String, verifier: String), together: Bool = false) async throws {
    var form = FormParameters()
    form.append("grant_type", "authorization_code")
    form.append("code", code.code)
    form.append("redirect_uri", RedirectBenchmark.redirect)
    form.append("code_verifier", code.verifier)
    form.append("client_id", client.id)
    form.append("client_secret", client.secret)
    let token = try await transport.send(
      HTTPRequest(
        method: "POST", url: server.appendingPathComponent("login/oauth/access_token"),
        headers: [("Accept", "application/json"), ("Content-Type", "application/x-www-form-urlencoded")],
        body: Data(form.encoded.utf8)))
    guard let accessToken = JSONValue.parse(token.body)?["access_token"]?.string else {
      throw BenchError("token endpoint answered \(token.status)")
    }
    let headers: [(name: String, value: String)] = [
      ("Authorization", "Bearer \(accessToken)"), ("Accept", "application/vnd.github+json"),
    ]
    if together {
      async let user: Void = get("user", headers: headers)
      try await get("user/emails", headers: headers)
      try await user
    } else {
      try await get("user", headers: headers)
      try await get("user/emails", headers: headers)
    }
  }

  func get(_ path: String, headers: [(name: String, value: String)]) async throws {
    let response = try await transport.send(HTTPRequest(url: server.appendingPathComponent(path), headers: headers))
    guard response.status == 200 else { throw BenchError("\(path) answered \(response.status)") }
  }
}
