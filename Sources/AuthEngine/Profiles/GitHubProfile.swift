import Foundation

/// GitHub's REST API: `GET /user`, and `GET /user/emails` (needs `user:email`) for the primary verified
/// address. The federated id is the numeric `id`; `login` can be renamed.
enum GitHubProfile {
  static func fetch(apiBase: URL, token: AccessToken, scopes: [String], http: ProviderHTTP) async throws -> (
    FederatedIdentity, [String: JSONValue]
  ) {
    let headers: [(name: String, value: String)] = [
      ("Authorization", "Bearer \(token.reveal())"), ("Accept", "application/vnd.github+json"),
      ("X-GitHub-Api-Version", "2022-11-28"),
    ]
    let user = try await http.json(
      HTTPRequest(url: apiBase.appendingPathComponent("user"), headers: headers), what: "GitHub /user")
    guard let profile = user.object, let id = user["id"]?.integerString else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "GitHub /user has no numeric id")
    }
    var identity = FederatedIdentity(
      providerID: "github.com", uid: id, email: nil, emailVerified: false, displayName: user["name"]?.string,
      photoURL: user["avatar_url"]?.string, username: user["login"]?.string)
    if scopes.contains("user:email") || scopes.contains("user") {
      let emails = try await http.json(
        HTTPRequest(url: apiBase.appendingPathComponent("user/emails"), headers: headers), what: "GitHub /user/emails")
      if let primary = emails.array?.first(where: { $0["primary"]?.bool == true && $0["verified"]?.bool == true }) {
        identity.email = primary["email"]?.string
        identity.emailVerified = identity.email != nil
      }
    } else if let email = user["email"]?.string {
      // The public profile email; GitHub does not say whether it is verified.
      identity.email = email
    }
    return (identity, profile)
  }
}
