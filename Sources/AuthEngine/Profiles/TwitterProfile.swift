import Foundation

/// X / Twitter identity: `account/verify_credentials` (OAuth 1.0a, with `include_email=true`) or
/// `/2/users/me` (OAuth 2.0). The federated id is `id_str` (ids exceed 2^53).
enum TwitterProfile {
  static func fetchV1(apiBase: URL, client: OAuth1Client, token: String, secret: OAuthTokenSecret) async throws -> (
    FederatedIdentity, [String: JSONValue]
  ) {
    let url = apiBase.appendingPathComponent("1.1/account/verify_credentials.json")
      .appendingQuery(["include_email": "true", "skip_status": "true"])
    let user = try await client.signedGET(url, token: token, tokenSecret: secret, what: "Twitter verify_credentials")
    guard let profile = user.object, let id = user["id_str"]?.string, !id.isEmpty, id.allSatisfy(\.isNumber) else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "verify_credentials has no id_str")
    }
    let email = user["email"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    // X only returns an email it has verified.
    let identity = FederatedIdentity(
      providerID: "twitter.com", uid: id, email: email, emailVerified: email != nil, displayName: user["name"]?.string,
      photoURL: user["profile_image_url_https"]?.string, username: user["screen_name"]?.string)
    return (identity, profile)
  }

  static func fetchV2(apiBase: URL, token: AccessToken, http: ProviderHTTP) async throws -> (
    FederatedIdentity, [String: JSONValue]
  ) {
    let url = apiBase.appendingPathComponent("2/users/me").appendingQuery(["user.fields": "profile_image_url"])
    let json = try await http.json(
      HTTPRequest(url: url, headers: [("Authorization", "Bearer \(token.reveal())")]), what: "Twitter /2/users/me")
    guard let data = json["data"], let profile = data.object, let id = data["id"]?.string, !id.isEmpty else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "/2/users/me has no data.id")
    }
    let identity = FederatedIdentity(
      providerID: "twitter.com", uid: id, displayName: data["name"]?.string,
      photoURL: data["profile_image_url"]?.string,
      username: data["username"]?.string)
    return (identity, profile)
  }
}
