import Crypto
import Foundation

/// A marker for one kind of secret. Each conforming type gives `Secret` a distinct type, so an access
/// token can never be passed where a PKCE verifier is expected (oauth2-rs style).
public protocol SecretKind: Sendable {}

/// A secret string that never prints: `description`, `debugDescription` and reflection show
/// `[redacted]`. It is deliberately not `Equatable`; compare with `constantTimeEquals(_:)`.
public struct Secret<Kind: SecretKind>: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let value: String

  public init(_ value: String) { self.value = value }

  /// The secret itself. Call sites are the only places a secret leaves its wrapper: HTTP bodies,
  /// signatures and the secret store.
  public func reveal() -> String { value }

  public var description: String { "[redacted]" }
  public var debugDescription: String { "[redacted]" }
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

  /// Compares in constant time (SHA-256 digests, compared by swift-crypto's constant-time equality),
  /// independent of where the two values first differ and of their lengths.
  public func constantTimeEquals(_ other: Secret<Kind>) -> Bool {
    SHA256.hash(data: Data(value.utf8)) == SHA256.hash(data: Data(other.value.utf8))
  }

  /// Compares with a plain string received from the outside (a callback parameter), in constant time.
  public func constantTimeEquals(_ other: String) -> Bool {
    constantTimeEquals(Secret(other))
  }
}

public enum AccessTokenKind: SecretKind {}
public enum RefreshTokenKind: SecretKind {}
public enum IDTokenKind: SecretKind {}
public enum ClientSecretKind: SecretKind {}
public enum AuthorizationCodeKind: SecretKind {}
public enum PKCECodeVerifierKind: SecretKind {}
public enum StateTokenKind: SecretKind {}
public enum NonceKind: SecretKind {}
public enum OAuthTokenSecretKind: SecretKind {}
public enum ConsumerSecretKind: SecretKind {}
public enum RequestTokenKind: SecretKind {}
public enum StoredSecretKind: SecretKind {}

/// RFC 6749 §1.4 access token.
public typealias AccessToken = Secret<AccessTokenKind>
/// RFC 6749 §1.5 refresh token.
public typealias RefreshToken = Secret<RefreshTokenKind>
/// OpenID Connect Core §2 ID token (a compact JWS).
public typealias IDToken = Secret<IDTokenKind>
/// RFC 6749 §2.3.1 client secret.
public typealias ClientSecret = Secret<ClientSecretKind>
/// RFC 6749 §4.1.2 authorization code.
public typealias AuthorizationCode = Secret<AuthorizationCodeKind>
/// RFC 7636 §4.1 code verifier.
public typealias PKCECodeVerifier = Secret<PKCECodeVerifierKind>
/// RFC 6749 §10.12 `state` (CSRF protection).
public typealias StateToken = Secret<StateTokenKind>
/// OpenID Connect Core §3.1.2.1 `nonce`.
public typealias Nonce = Secret<NonceKind>
/// RFC 5849 §2.3 token shared-secret.
public typealias OAuthTokenSecret = Secret<OAuthTokenSecretKind>
/// RFC 5849 §3.4.2 client shared-secret.
public typealias ConsumerSecret = Secret<ConsumerSecretKind>
/// RFC 5849 §2.1 temporary credentials identifier (the request token).
public typealias RequestToken = Secret<RequestTokenKind>
/// Opaque material kept in a `SecretStore`.
public typealias StoredSecret = Secret<StoredSecretKind>
