import Foundation

/// Which protocol a provider speaks.
public enum ProviderProtocol: String, Sendable, CaseIterable {
  /// RFC 6749 authorization code + RFC 7636 PKCE.
  case oauth2
  /// RFC 5849 OAuth 1.0a (Twitter's classic flow; Firebase's Twitter credential is token + secret).
  case oauth1
  /// OpenID Connect Core 1.0 through Discovery 1.0.
  case oidc
}

/// How the identity is read once a token is in hand: one profile parser per source (`ProfileParser`).
public enum ProfileSource: String, Sendable, CaseIterable {
  /// `GET /user` (+ `/user/emails` with `user:email`).
  case github
  /// `GET /1.1/account/verify_credentials.json?include_email=true`, OAuth 1.0a signed.
  case twitterV1
  /// `GET /2/users/me` with the bearer token.
  case twitterV2
  /// The ID token's claims, checked against UserInfo.
  case openIDConnect
}

/// How the client authenticates to the token endpoint (RFC 6749 §2.3.1).
public enum ClientAuthentication: String, Sendable {
  case clientSecretPost = "client_secret_post"
  case clientSecretBasic = "client_secret_basic"
  case none
}
