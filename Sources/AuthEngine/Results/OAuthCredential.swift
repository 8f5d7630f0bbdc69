import Foundation

/// A provider credential, as Firebase's `OAuthCredential`. Every secret field redacts when printed.
public struct OAuthCredential: Sendable, CustomStringConvertible {
  public let providerID: String
  public var accessToken: AccessToken?
  public var idToken: IDToken?
  /// OAuth 1.0a token secret (Twitter).
  public var secret: OAuthTokenSecret?
  public var refreshToken: RefreshToken?
  /// RFC 6749 §5.1 `expires_in`, made absolute. Nil when the token does not expire.
  public var expiresAt: Date?
  /// Granted scopes (the provider's answer when it sends one, otherwise the requested ones).
  public var scopes: [String]
  public var tokenType: String?
  /// OpenID Connect: the raw nonce of the sign-in whose ID token this is. The authorization request
  /// and the token's `nonce` claim carry its hash (`OIDCNonce`); Identity Toolkit wants the raw one.
  public var rawNonce: Nonce?
  /// A server refused the access token (git's `erase`, `Auth.markRefused`): the next use refreshes it
  /// whatever its expiry says.
  public internal(set) var refused = false

  public init(
    providerID: String, accessToken: AccessToken? = nil, idToken: IDToken? = nil, secret: OAuthTokenSecret? = nil,
    refreshToken: RefreshToken? = nil, expiresAt: Date? = nil, scopes: [String] = [], tokenType: String? = nil
  ) {
    self.providerID = providerID
    self.accessToken = accessToken
    self.idToken = idToken
    self.secret = secret
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.scopes = scopes
    self.tokenType = tokenType
  }

  public var description: String {
    "OAuthCredential(providerID: \(providerID), scopes: \(scopes), expiresAt: \(expiresAt.map { "\($0)" } ?? "never"), secrets: [redacted])"
  }
}

/// The user as the provider knows them. `uid` is the provider's stable raw id (GitHub numeric `id`,
/// Twitter `id_str`, OIDC `sub`), never a login name or an email.
public struct FederatedIdentity: Sendable, Equatable, Codable {
  public var providerID: String
  public var uid: String
  public var email: String?
  public var emailVerified: Bool
  public var displayName: String?
  public var photoURL: String?
  public var username: String?

  public init(
    providerID: String, uid: String, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
    photoURL: String? = nil, username: String? = nil
  ) {
    self.providerID = providerID
    self.uid = uid
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.photoURL = photoURL
    self.username = username
  }
}

/// Firebase's `AdditionalUserInfo`. `isNewUser` is decided by the account layer; the provider layer
/// leaves it false.
public struct AdditionalUserInfo: Sendable {
  public var providerID: String
  /// The provider's profile document (no tokens).
  public var profile: [String: JSONValue]
  public var username: String?
  public var isNewUser: Bool

  public init(providerID: String, profile: [String: JSONValue], username: String?, isNewUser: Bool = false) {
    self.providerID = providerID
    self.profile = profile
    self.username = username
    self.isNewUser = isNewUser
  }
}

/// What a completed provider sign-in yields.
public struct ProviderSignInResult: Sendable {
  public var credential: OAuthCredential
  public var identity: FederatedIdentity
  public var additionalUserInfo: AdditionalUserInfo
  /// The intent given when the sign-in began.
  public var intent: SignInIntent
  /// The signed-in account (uid) a link or reauthentication is for, as the pending request stored it;
  /// nil: the current user.
  public var account: String?

  public init(
    credential: OAuthCredential, identity: FederatedIdentity, additionalUserInfo: AdditionalUserInfo,
    intent: SignInIntent = .signIn, account: String? = nil
  ) {
    self.credential = credential
    self.identity = identity
    self.additionalUserInfo = additionalUserInfo
    self.intent = intent
    self.account = account
  }
}
