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

/// How the identity is read once a token is in hand.
public enum ProfileSource: String, Sendable {
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

/// A provider as data: endpoints and quirks. Configuration overrides any endpoint (GitHub Enterprise,
/// an emulator, tests). OIDC endpoints come from discovery instead.
public struct ProviderDescriptor: Sendable {
  public var providerID: String
  public var displayName: String
  public var flow: ProviderProtocol
  public var authorizationEndpoint: URL?
  public var tokenEndpoint: URL?
  public var requestTokenEndpoint: URL?
  public var accessTokenEndpoint: URL?
  public var apiBaseURL: URL?
  public var defaultScopes: [String]
  public var profile: ProfileSource
  /// Used when the client has a secret; public clients send only `client_id`.
  public var clientAuthentication: ClientAuthentication
  /// GitHub answers form-encoded unless asked for JSON, and reports some token errors with HTTP 200.
  public var tokenErrorsMayUseStatus200: Bool

  /// The built-in table. `oidc.NAME` providers are described by `ProviderDescriptor.openIDConnect`.
  public static func builtIn(_ providerID: String, flow: ProviderProtocol? = nil) -> ProviderDescriptor? {
    switch (providerID, flow) {
    case ("github.com", nil), ("github.com", .oauth2?): github
    case ("twitter.com", nil), ("twitter.com", .oauth1?): twitterOAuth1
    case ("twitter.com", .oauth2?): twitterOAuth2
    case (let id, nil),
      (let id, .oidc?) where ProviderID.isOIDC(id):
      openIDConnect(id)
    default: nil
    }
  }

  static let github = ProviderDescriptor(
    providerID: "github.com", displayName: "GitHub", flow: .oauth2,
    authorizationEndpoint: URL(string: "https://github.com/login/oauth/authorize"),
    tokenEndpoint: URL(string: "https://github.com/login/oauth/access_token"),
    apiBaseURL: URL(string: "https://api.github.com"),
    defaultScopes: ["read:user", "user:email"], profile: .github,
    clientAuthentication: .clientSecretPost, tokenErrorsMayUseStatus200: true)

  static let twitterOAuth1 = ProviderDescriptor(
    providerID: "twitter.com", displayName: "X (Twitter)", flow: .oauth1,
    authorizationEndpoint: URL(string: "https://api.twitter.com/oauth/authenticate"),
    requestTokenEndpoint: URL(string: "https://api.twitter.com/oauth/request_token"),
    accessTokenEndpoint: URL(string: "https://api.twitter.com/oauth/access_token"),
    apiBaseURL: URL(string: "https://api.twitter.com"),
    defaultScopes: [], profile: .twitterV1, clientAuthentication: .none)

  static let twitterOAuth2 = ProviderDescriptor(
    providerID: "twitter.com", displayName: "X (Twitter)", flow: .oauth2,
    authorizationEndpoint: URL(string: "https://twitter.com/i/oauth2/authorize"),
    tokenEndpoint: URL(string: "https://api.twitter.com/2/oauth2/token"),
    apiBaseURL: URL(string: "https://api.twitter.com"),
    defaultScopes: ["tweet.read", "users.read"], profile: .twitterV2, clientAuthentication: .clientSecretBasic)

  static func openIDConnect(_ providerID: String) -> ProviderDescriptor {
    ProviderDescriptor(
      providerID: providerID, displayName: String(providerID.dropFirst("oidc.".count)), flow: .oidc,
      defaultScopes: ["openid", "email", "profile"], profile: .openIDConnect,
      clientAuthentication: .clientSecretBasic)
  }

  init(
    providerID: String, displayName: String, flow: ProviderProtocol, authorizationEndpoint: URL? = nil,
    tokenEndpoint: URL? = nil, requestTokenEndpoint: URL? = nil, accessTokenEndpoint: URL? = nil,
    apiBaseURL: URL? = nil, defaultScopes: [String], profile: ProfileSource,
    clientAuthentication: ClientAuthentication, tokenErrorsMayUseStatus200: Bool = false
  ) {
    self.providerID = providerID
    self.displayName = displayName
    self.flow = flow
    self.authorizationEndpoint = authorizationEndpoint
    self.tokenEndpoint = tokenEndpoint
    self.requestTokenEndpoint = requestTokenEndpoint
    self.accessTokenEndpoint = accessTokenEndpoint
    self.apiBaseURL = apiBaseURL
    self.defaultScopes = defaultScopes
    self.profile = profile
    self.clientAuthentication = clientAuthentication
    self.tokenErrorsMayUseStatus200 = tokenErrorsMayUseStatus200
  }
}

/// Provider id rules.
public enum ProviderID {
  /// `oidc.` followed by a name of letters, digits, `-`, `_` or `.`.
  public static func isOIDC(_ id: String) -> Bool {
    guard id.hasPrefix("oidc."), id.count > 5 else { return false }
    return id.dropFirst(5).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
  }

  public static func isSupported(_ id: String) -> Bool {
    id == "github.com" || id == "twitter.com" || isOIDC(id)
  }
}
