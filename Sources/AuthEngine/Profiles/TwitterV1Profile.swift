import Foundation

/// X / Twitter identity over OAuth 1.0a: `account/verify_credentials` with `include_email=true`. The
/// federated id is `id_str` (ids exceed 2^53).
enum TwitterV1Profile: ProfileParser {
  static func identity(_ context: ProfileContext) async throws -> (FederatedIdentity, [String: JSONValue]) {
    guard let client = context.oauth1, let secret = context.tokenSecret else {
      throw context.missing("the OAuth 1.0a client or token secret")
    }
    let url = try context.apiBase().appendingPathComponent("1.1/account/verify_credentials.json")
      .appendingQuery(["include_email": "true", "skip_status": "true"])
    let user = try await client.signedGET(
      url, token: context.accessToken.reveal(), tokenSecret: secret, what: "Twitter verify_credentials")
    guard let profile = user.object, let id = user["id_str"]?.string, !id.isEmpty, id.allSatisfy(\.isNumber) else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "verify_credentials has no id_str")
    }
    let email = user["email"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    // X only returns an email it has verified.
    let identity = FederatedIdentity(
      providerID: context.providerID, uid: id, email: email, emailVerified: email != nil,
      displayName: user["name"]?.string, photoURL: user["profile_image_url_https"]?.string,
      username: user["screen_name"]?.string)
    return (identity, profile)
  }
}
