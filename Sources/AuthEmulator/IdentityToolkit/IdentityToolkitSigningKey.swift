import AuthEngine
import Crypto
import Foundation
import _CryptoExtras

/// The RSA key (2048 bits) that signs the emulator's Firebase ID tokens with RS256 (RFC 7518 §3.3), as
/// production signs them (firebase-tools' emulator signs nothing: `alg: none`). The public half is
/// published as a JWK Set so a backend can verify the tokens; the private half lives only in the
/// emulator's data dir (`IdentityToolkitStore`), never in logs or answers, and its `description` is redacted.
struct IdentityToolkitSigningKey: Sendable, CustomStringConvertible {
  /// PKCS#1 DER of the private key (swift-crypto's key types are not `Sendable`).
  private let der: Data
  let modulus: Data
  let exponent: Data

  init(derRepresentation der: Data) throws {
    let key = try _RSA.Signing.PrivateKey(derRepresentation: der)
    guard key.keySizeInBits >= 2048 else { throw CryptoKitError.incorrectKeySize }
    let primitives = try key.publicKey.getKeyPrimitives()
    self.der = key.derRepresentation
    (modulus, exponent) = (primitives.modulus, primitives.publicExponent)
  }

  init(pemRepresentation pem: String) throws {
    try self.init(derRepresentation: try _RSA.Signing.PrivateKey(pemRepresentation: pem).derRepresentation)
  }

  static func generate() throws -> IdentityToolkitSigningKey {
    try IdentityToolkitSigningKey(derRepresentation: try _RSA.Signing.PrivateKey(keySize: .bits2048).derRepresentation)
  }

  /// For the key file only.
  var pemRepresentation: String { (try? _RSA.Signing.PrivateKey(derRepresentation: der).pemRepresentation) ?? "" }

  var description: String { "IdentityToolkitSigningKey(kid: \(kid), private key: [redacted])" }

  /// 40 hex digits, like the `kid`s of Google's securetoken keys: SHA-256 of the modulus, truncated.
  var kid: String { SHA256.hash(data: modulus).prefix(20).map { String(format: "%02x", $0) }.joined() }

  /// RFC 7517 §5: the public key, as `GET …/securetoken@system.gserviceaccount.com` answers it.
  var jwks: JSONValue {
    .object([
      "keys": .array([
        .object([
          "kty": .string("RSA"), "alg": .string("RS256"), "use": .string("sig"), "kid": .string(kid),
          "n": .string(Base64URL.encode(modulus)), "e": .string(Base64URL.encode(exponent)),
        ])
      ])
    ])
  }

  /// A compact JWS (RFC 7515 §7.1) of `claims`, header `{alg: RS256, kid, typ: JWT}`.
  func sign(_ claims: [String: Any]) throws -> String {
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    let header: [String: Any] = ["alg": "RS256", "kid": kid, "typ": "JWT"]
    let input =
      Base64URL.encode(try JSONSerialization.data(withJSONObject: header, options: options)) + "."
      + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: options))
    let key = try _RSA.Signing.PrivateKey(derRepresentation: der)
    let signature = try key.signature(for: SHA256.hash(data: Data(input.utf8)), padding: .insecurePKCS1v1_5)
    return input + "." + Base64URL.encode(signature.rawRepresentation)
  }

  /// The claims of a token this key signed; nil for anything else.
  func verifiedClaims(_ token: String) -> [String: JSONValue]? {
    guard case .success(let verified) = VerifiedJWS.verify(token, keySet: jwks), verified.header["kid"]?.string == kid
    else { return nil }
    return verified.claims
  }
}
