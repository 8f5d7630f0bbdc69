import Foundation

/// The OpenID Connect nonce (OIDC Core §3.1.2.1, §15.5.2) as Firebase wants it: the sign-in keeps a
/// random *raw* nonce, the authorization request and therefore the ID token's `nonce` claim carry its
/// lowercase hex SHA-256, and Identity Toolkit's `signInWithIdp` gets the raw value in `postBody`,
/// hashes it and compares (Firebase's OAuth credential `rawNonce`; docs/firebase.md, "The provider
/// leg stays AuthDesktop's"). The engine's own ID-token check compares the claim with the same hash,
/// so one authorization request serves both account modes.
enum OIDCNonce {
  /// Lowercase hex SHA-256 of the raw nonce: what the authorization request sends.
  static func hashed(_ raw: Nonce) -> Nonce { Nonce(Digests.sha256Hex(raw.reveal())) }
}
