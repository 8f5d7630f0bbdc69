import AuthEngine
import Foundation

/// An OAuth 2.0 / OpenID Connect authorization request as the emulator accepted it (RFC 6749 §4.1.1,
/// RFC 7636 §4.3, OIDC Core §3.1.2.1). It becomes an authorization code when the user approves.
struct OAuth2Grant: Sendable {
  var provider: EmulatorIdentity.Provider
  var clientID: String
  var redirectURI: String
  var state: String?
  var codeChallenge: String
  var scopes: [String]
  var nonce: String?
  /// OpenID Connect only: which issuer (ES256 or RS256) answered.
  var issuer: OIDCIssuer?
}

/// A consent page shown and not answered yet. `token` is the page's anti-CSRF value: a POST to
/// `/consent` must carry it.
struct PendingConsent: Sendable {
  enum Kind: Sendable {
    case oauth2(OAuth2Grant)
    /// RFC 5849 §2.2: the request token the user authorizes.
    case oauth1(requestToken: String)
    /// RFC 8628 §3.3: the device whose user code was entered (as shown, `BCDF-GHJK`).
    case device(userCode: String)
  }

  var kind: Kind
  var provider: EmulatorIdentity.Provider
  var clientID: String
  /// Empty for a device: nothing is redirected.
  var redirectURI: String
  var scopes: [String]
  var token: String
  var expiresAt: Date
}

/// RFC 6749 §4.1.2: single use, 10 minutes.
struct IssuedCode: Sendable {
  var grant: OAuth2Grant
  var identity: EmulatorIdentity
  var expiresAt: Date
}

/// A bearer access token (GitHub's never expire; OIDC's last an hour).
struct IssuedToken: Sendable {
  var provider: EmulatorIdentity.Provider
  var clientID: String
  var identity: EmulatorIdentity
  var scopes: [String]
  var expiresAt: Date?
}

/// RFC 5849 §2.1 temporary credentials, authorized (§2.2) once `verifier` is set.
struct RequestTokenRecord: Sendable {
  var consumerKey: String
  var secret: String
  var callback: String
  var expiresAt: Date
  var verifier: String?
  var identity: EmulatorIdentity?
}

/// RFC 5849 §2.3 token credentials.
struct OAuth1AccessRecord: Sendable {
  var consumerKey: String
  var secret: String
  var identity: EmulatorIdentity
}

/// The two OpenID issuers: `BASE/oidc` signs ID tokens with ES256, `BASE/oidc/rs256` with RS256.
enum OIDCIssuer: Sendable {
  case es256
  case rs256

  /// The OpenID Connect row's emulator issuer path, and `/rs256` below it.
  var path: String { self == .es256 ? EmulatorRoutes.oidcIssuer : EmulatorRoutes.oidcIssuer + "/rs256" }

  var algorithm: String { self == .es256 ? "ES256" : "RS256" }

  /// The issuer and the rest of the path, for paths under either issuer.
  static func match(_ path: String) -> (OIDCIssuer, String)? {
    for issuer in [OIDCIssuer.rs256, .es256] where path.hasPrefix(issuer.path + "/") {
      return (issuer, String(path.dropFirst(issuer.path.count)))
    }
    return nil
  }
}

/// An error response that ends a request early (the failure side of the emulator's `Result`s).
struct Refusal: Error {
  let response: HTTPResponse
  init(_ response: HTTPResponse) { self.response = response }
}

/// An RFC 6749 §5.2 error from redeeming a code.
struct TokenRefusal: Error {
  let error: OAuthErrorResponse
  init(_ error: OAuthErrorResponse) { self.error = error }
}
