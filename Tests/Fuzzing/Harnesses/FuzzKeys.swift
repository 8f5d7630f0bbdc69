import Crypto
import Foundation

@testable import AuthEngine

/// A fixed ES256 key (its private scalar is public: it only signs the seed tokens of the `jwt` and
/// `jwks` targets), its JWK Set, and a token it signed.
enum FuzzKeys {
  static var privateKey: P256.Signing.PrivateKey {
    do {
      return try P256.Signing.PrivateKey(rawRepresentation: Data(repeating: 0x2a, count: 32))
    } catch {
      fatalError("the fuzz key does not load: \(error)")
    }
  }

  static var publicJWK: JSONValue {
    let raw = privateKey.publicKey.rawRepresentation
    return .object([
      "kty": .string("EC"), "crv": .string("P-256"), "kid": .string("fuzz-1"), "use": .string("sig"),
      "alg": .string("ES256"), "x": .string(Base64URL.encode(raw.prefix(32))),
      "y": .string(Base64URL.encode(raw.suffix(32))),
    ])
  }

  static var keySet: JSONValue { .object(["keys": .array([publicJWK])]) }

  /// A compact JWS of `claims` with `header`, signed by the fixed key.
  static func sign(header: JSONValue, claims: JSONValue) -> String {
    func part(_ value: JSONValue) -> String {
      Base64URL.encode((try? JSONEncoder().encode(value)) ?? Data())
    }
    let input = part(header) + "." + part(claims)
    let signature = (try? privateKey.signature(for: Data(input.utf8)).rawRepresentation) ?? Data()
    return input + "." + Base64URL.encode(signature)
  }

  static let token = sign(
    header: .object(["alg": .string("ES256"), "kid": .string("fuzz-1"), "typ": .string("JWT")]),
    claims: .object([
      "iss": .string("https://issuer.example"), "sub": .string("user-1"), "aud": .string("oidc-client"),
      "iat": .number(1_800_000_000), "exp": .number(1_800_003_600), "nonce": .string("fuzz-nonce"),
    ]))
}
