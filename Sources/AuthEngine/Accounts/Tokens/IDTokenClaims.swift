import Foundation

/// What the app asserts about a signed-in user in its own ID token (Firebase Authentication style).
public struct IDTokenClaims: Sendable, Equatable {
  /// The app's user id; becomes `sub` (RFC 7519 §4.1.2).
  public var uid: String
  /// When the user last authenticated; becomes `auth_time` (OpenID Connect Core §2).
  public var authTime: Date
  public var email: String?
  public var emailVerified: Bool
  /// Becomes `name`.
  public var displayName: String?
  /// Becomes `picture`.
  public var photoURL: String?
  /// `firebase.sign_in_provider`: `github.com`, `twitter.com`, `oidc.NAME` or `password`.
  public var signInProvider: String
  /// `firebase.identities`: provider id (or `email`) → the user's ids at that provider.
  public var identities: [String: [String]]

  public init(
    uid: String, authTime: Date, email: String? = nil, emailVerified: Bool = false, displayName: String? = nil,
    photoURL: String? = nil, signInProvider: String, identities: [String: [String]] = [:]
  ) {
    self.uid = uid
    self.authTime = authTime
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.photoURL = photoURL
    self.signInProvider = signInProvider
    self.identities = identities
  }
}

/// The JWT Claims Set (RFC 7519 §4) as it is serialised. Times are whole seconds (NumericDate, §2).
struct IDTokenPayload: Encodable {
  struct Firebase: Encodable {
    var identities: [String: [String]]
    var sign_in_provider: String
  }

  var iss: String
  var aud: String
  var sub: String
  var auth_time: Int64
  var iat: Int64
  var exp: Int64
  var email: String?
  var email_verified: Bool?
  var name: String?
  var picture: String?
  var firebase: Firebase

  init(_ claims: IDTokenClaims, issuer: String, audience: String, issuedAt: Int64, lifetime: Int64) {
    iss = issuer
    aud = audience
    sub = claims.uid
    auth_time = Int64(claims.authTime.timeIntervalSince1970.rounded(.down))
    iat = issuedAt
    exp = issuedAt + lifetime
    email = claims.email
    email_verified = claims.email == nil ? nil : claims.emailVerified
    name = claims.displayName
    picture = claims.photoURL
    firebase = Firebase(identities: claims.identities, sign_in_provider: claims.signInProvider)
  }
}
