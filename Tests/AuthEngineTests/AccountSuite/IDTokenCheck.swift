import AuthEngine
import Crypto
import Foundation
import Testing
import _CryptoExtras

/// An independent check of an ID token from a JWK Set alone: ES256 (the local store's) with
/// swift-crypto, RS256 (Firebase's) with its RSA extras.
enum IDTokenCheck {
  static func verify(_ token: IDToken, jwks: JSONValue) throws -> [String: JSONValue] {
    let parts = token.reveal().split(separator: ".").map(String.init)
    try #require(parts.count == 3)
    let header = try #require(Base64URL.decode(parts[0]).flatMap(JSONValue.parse))
    let key = try #require(jwks["keys"]?.array?.first { $0["kid"] == header["kid"] })
    let signed = Data("\(parts[0]).\(parts[1])".utf8)
    let signature = try #require(Base64URL.decode(parts[2]))
    switch header["alg"]?.string {
    case "ES256":
      let x = try #require(key["x"]?.string.flatMap(Base64URL.decode))
      let y = try #require(key["y"]?.string.flatMap(Base64URL.decode))
      let publicKey = try P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
      let ecdsa = try P256.Signing.ECDSASignature(rawRepresentation: signature)
      #expect(publicKey.isValidSignature(ecdsa, for: SHA256.hash(data: signed)))
    case "RS256":
      let n = try #require(key["n"]?.string.flatMap(Base64URL.decode))
      let e = try #require(key["e"]?.string.flatMap(Base64URL.decode))
      let publicKey = try _RSA.Signing.PublicKey(n: n, e: e)
      #expect(
        publicKey.isValidSignature(
          _RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signed),
          padding: .insecurePKCS1v1_5))
    default:
      Issue.record("unexpected alg \(header["alg"]?.string ?? "none")")
    }
    return try #require(Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object)
  }
}
