import AuthEngine
import Crypto
import Foundation
import _CryptoExtras

/// The OpenID provider's signing keys: a P-256 key (ES256) and a 2048-bit RSA key (RS256), made once
/// per process and kept in memory only. Restarting the emulator rotates them; a relying party refetches
/// the JWKS on an unknown `kid`, so nothing needs to persist.
struct EmulatorKeys: Sendable {
  static let shared = EmulatorKeys()

  let es256: ES256SigningKey
  /// PKCS#1 DER of the RSA private key (swift-crypto's key types are not `Sendable`).
  let rsaDER: Data
  let rsaModulus: Data
  let rsaExponent: Data

  init() {
    es256 = ES256SigningKey(rawPrivateKey: P256.Signing.PrivateKey().rawRepresentation)!
    let rsa = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    rsaDER = rsa.derRepresentation
    let primitives = try! rsa.publicKey.getKeyPrimitives()
    rsaModulus = primitives.modulus
    rsaExponent = primitives.publicExponent
  }

  /// RFC 7517 §4.5 `kid`: the first 16 characters of base64url(SHA-256(modulus)).
  var rsaKid: String { String(Base64URL.encode(SHA256.hash(data: rsaModulus)).prefix(16)) }

  /// RFC 7517 §5: both public keys.
  var jwks: [String: Any] {
    let rsa: [String: Any] = [
      "kty": "RSA", "n": Base64URL.encode(rsaModulus), "e": Base64URL.encode(rsaExponent), "kid": rsaKid,
      "alg": "RS256", "use": "sig",
    ]
    let ec: [String: Any] = [
      "kty": "EC", "crv": "P-256", "x": Base64URL.encode(es256.x963PublicKey[1..<33]),
      "y": Base64URL.encode(es256.x963PublicKey[33..<65]), "kid": es256.kid, "alg": "ES256", "use": "sig",
    ]
    return ["keys": [ec, rsa]]
  }

  /// A compact JWS (RFC 7515 §7.1) of `claims` with `algorithm` (`ES256` or `RS256`).
  func sign(_ claims: [String: Any], algorithm: String) throws -> String {
    let header: [String: Any] = ["alg": algorithm, "kid": algorithm == "ES256" ? es256.kid : rsaKid, "typ": "JWT"]
    let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
    let input =
      Base64URL.encode(try JSONSerialization.data(withJSONObject: header, options: options)) + "."
      + Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: options))
    let signature: Data
    if algorithm == "ES256" {
      signature = try es256.sign(Data(input.utf8))
    } else {
      let key = try _RSA.Signing.PrivateKey(derRepresentation: rsaDER)
      signature = try key.signature(for: SHA256.hash(data: Data(input.utf8)), padding: .insecurePKCS1v1_5)
        .rawRepresentation
    }
    return input + "." + Base64URL.encode(signature)
  }
}
