import Foundation

/// X / Twitter identity over OAuth 2.0: `GET /2/users/me` with the bearer token. The federated id is
/// `data.id` (a string: ids exceed 2^53).
enum TwitterV2Profile: ProfileParser {
  static func identity(_ context: ProfileContext) async throws -> (FederatedIdentity, [String: JSONValue]) {
    let url = try context.apiBase().appendingPathComponent("2/users/me")
      .appendingQuery(["user.fields": "profile_image_url"])
    let json = try await context.http.json(
      HTTPRequest(url: url, headers: [("Authorization", "Bearer \(context.accessToken.reveal())")]),
      what: "Twitter /2/users/me")
    guard let data = json["data"], let profile = data.object, let id = data["id"]?.string, !id.isEmpty else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "/2/users/me has no data.id")
    }
    let identity = FederatedIdentity(
      providerID: context.providerID, uid: id, displayName: data["name"]?.string,
      photoURL: data["profile_image_url"]?.string, username: data["username"]?.string)
    return (identity, profile)
  }
}
