import Foundation

/// The identity from verified ID token claims, completed by UserInfo (OIDC Core §5.3), whose `sub`
/// must equal the ID token's (§5.3.2). The federated id is `iss|sub`.
enum OpenIDProfile {
  static func identity(
    providerID: String, claims: [String: JSONValue], userInfoEndpoint: URL?, token: AccessToken, http: ProviderHTTP
  ) async throws -> (FederatedIdentity, [String: JSONValue]) {
    var merged = claims
    let sub = claims["sub"]?.string ?? ""
    if let endpoint = userInfoEndpoint {
      let info = try await http.json(
        HTTPRequest(
          url: endpoint, headers: [("Authorization", "Bearer \(token.reveal())"), ("Accept", "application/json")]),
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
    let issuer = claims["iss"]?.string ?? ""
    let identity = FederatedIdentity(
      providerID: providerID, uid: "\(issuer)|\(sub)", email: merged["email"]?.string,
      emailVerified: merged["email_verified"]?.bool ?? (merged["email_verified"]?.string == "true"),
      displayName: merged["name"]?.string, photoURL: merged["picture"]?.string,
      username: merged["preferred_username"]?.string)
    return (identity, merged)
  }
}
