import Foundation

/// GitHub's REST API: `GET /user`, and `GET /user/emails` (needs `user:email`) for the primary verified
/// address. The federated id is the numeric `id`; `login` can be renamed.
enum GitHubProfile: ProfileParser {
  static func identity(_ context: ProfileContext) async throws -> (FederatedIdentity, [String: JSONValue]) {
    let (apiBase, http) = (try context.apiBase(), context.http)
    let headers: [(name: String, value: String)] = [
      ("Authorization", "Bearer \(context.accessToken.reveal())"), ("Accept", "application/vnd.github+json"),
      ("X-GitHub-Api-Version", "2022-11-28"),
    ]
    // `/user/emails` is asked at the same time as `/user`, not after it: one round trip less per sign-in
    // (docs/benchmarks.md). An error of `/user` is the one thrown when both fail.
    let wantsEmails = context.scopes.contains("user:email") || context.scopes.contains("user")
    async let emails: JSONValue? =
      wantsEmails
      ? http.json(
        HTTPRequest(url: apiBase.appendingPathComponent("user/emails"), headers: headers), what: "GitHub /user/emails")
      : nil
    let user = try await http.json(
      HTTPRequest(url: apiBase.appendingPathComponent("user"), headers: headers), what: "GitHub /user")
    guard let profile = user.object, let id = user["id"]?.integerString else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "GitHub /user has no numeric id")
    }
    var identity = FederatedIdentity(
      providerID: context.providerID, uid: id, email: nil, emailVerified: false, displayName: user["name"]?.string,
      photoURL: user["avatar_url"]?.string, username: user["login"]?.string)
    if let emails = try await emails {
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
