import Crypto
import Foundation

/// RFC 7636 Proof Key for Code Exchange, S256 only (RFC 9700 §2.1.1: `plain` must not be used).
public struct PKCE: Sendable {
  /// RFC 7636 §4.1: 43–128 characters of `[A-Za-z0-9-._~]`; ours are 43 (32 random bytes).
  public let verifier: PKCECodeVerifier
  /// RFC 7636 §4.2: `BASE64URL(SHA256(ASCII(code_verifier)))`.
  public let challenge: String
  public static let method = "S256"

  public init(verifier: PKCECodeVerifier) {
    self.verifier = verifier
    challenge = PKCE.challenge(for: verifier)
  }

  public static func generate(using random: any RandomSource) -> PKCE {
    PKCE(verifier: PKCECodeVerifier(random.token(bytes: 32)))
  }

  public static func challenge(for verifier: PKCECodeVerifier) -> String {
    Base64URL.encode(SHA256.hash(data: Data(verifier.reveal().utf8)))
  }
}
