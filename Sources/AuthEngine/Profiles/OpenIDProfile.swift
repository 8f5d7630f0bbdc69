import Foundation

/// The identity from verified ID token claims, completed by UserInfo (OIDC Core §5.3), whose `sub`
/// must equal the ID token's (§5.3.2). The federated id is `sub` (Identity Toolkit's `rawId`): one
/// issuer per `oidc.NAME` provider, so `sub` is unique within it (OIDC Core §2).
enum OpenIDProfile: ProfileParser {
  static func identity(_ context: ProfileContext) async throws -> (FederatedIdentity, [String: JSONValue]) {
    guard let claims = context.idTokenClaims, let discovery = context.discovery else {
      throw AuthError(.invalidIDToken, origin: .validation, detail: "the token response has no id_token")
    }
    var merged = claims
    let sub = claims["sub"]?.string ?? ""
    if let endpoint = discovery.userinfoEndpoint {
      let info = try await context.http.json(
        HTTPRequest(
          url: endpoint,
          headers: [("Authorization", "Bearer \(context.accessToken.reveal())"), ("Accept", "application/json")]),
        what: "the UserInfo endpoint")
      guard info["sub"]?.string == sub else {
        throw AuthError(.invalidIDToken, origin: .validation, detail: "UserInfo sub differs from the ID token's")
      }
      for (key, value) in info.object ?? [:]
      where merged[key] == nil || ["email", "email_verified", "name", "picture", "preferred_username"].contains(key) {
        merged[key] = value
      }
    }
    for claim in ["nonce", "at_hash", "c_hash", "aud", "azp", "exp", "iat", "auth_time"] { merged[claim] = nil }
    let identity = FederatedIdentity(
      providerID: context.providerID, uid: sub, email: merged["email"]?.string,
      emailVerified: merged["email_verified"]?.bool ?? (merged["email_verified"]?.string == "true"),
      displayName: merged["name"]?.string, photoURL: merged["picture"]?.string,
      username: merged["preferred_username"]?.string)
    return (identity, merged)
  }
}
