import Crypto
import Foundation
import _CryptoExtras

/// An RFC 7517 public key, usable for one RFC 7518 algorithm.
struct JSONWebKey: Sendable {
  enum Key: Sendable {
    case rsa(_RSA.Signing.PublicKey)
    /// X9.63 bytes (swift-crypto's P256 key type is not `Sendable`).
    case p256(Data)
  }

  var kid: String?
  var key: Key

  /// The JWS `alg` this key verifies (RS256 or ES256 only).
  var algorithm: String {
    switch key {
    case .rsa: "RS256"
    case .p256: "ES256"
    }
  }

  /// Parses one JWK; nil for keys this client does not use (other types, curves, `use` other than sig).
  init?(_ json: JSONValue) {
    if let use = json["use"]?.string, use != "sig" { return nil }
    kid = json["kid"]?.string
    switch json["kty"]?.string {
    case "RSA":
      guard let n = json["n"]?.string.flatMap(Base64URL.decode), let e = json["e"]?.string.flatMap(Base64URL.decode),
        n.count >= 256,  // RFC 7518 §3.3: at least 2048 bits
        let key = try? _RSA.Signing.PublicKey(n: n, e: e)
      else { return nil }
      if let alg = json["alg"]?.string, alg != "RS256" { return nil }
      self.key = .rsa(key)
    case "EC":
      guard json["crv"]?.string == "P-256", let x = json["x"]?.string.flatMap(Base64URL.decode),
        let y = json["y"]?.string.flatMap(Base64URL.decode), x.count == 32, y.count == 32,
        (try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y)) != nil
      else { return nil }
      if let alg = json["alg"]?.string, alg != "ES256" { return nil }
      self.key = .p256(Data([0x04]) + x + y)
    default:
      return nil
    }
  }

  /// Verifies a JWS signature over `signingInput` (RFC 7515 §5.2).
  func verify(signature: Data, signingInput: Data) -> Bool {
    switch key {
    case .rsa(let key):
      return key.isValidSignature(
        _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signingInput),
        padding: .insecurePKCS1v1_5)
    case .p256(let bytes):
      // RFC 7518 §3.4: R || S, 32 bytes each.
      guard signature.count == 64, let key = try? P256.Signing.PublicKey(x963Representation: bytes),
        let parsed = try? P256.Signing.ECDSASignature(rawRepresentation: signature)
      else {
        return false
      }
      return key.isValidSignature(parsed, for: SHA256.hash(data: signingInput))
    }
  }
}
