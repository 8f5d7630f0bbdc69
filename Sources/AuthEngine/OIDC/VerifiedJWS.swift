import Foundation

/// A compact JWS (RFC 7515 §7.1) whose signature verified against a JWK Set (RFC 7517 §5), with the
/// same rules as the engine's ID token validation: RS256 or ES256 only (never `none` or HS*), no `crit`
/// header, the key picked by `kid` (without one, the only key of that algorithm). The claims are not
/// checked here: each relying party checks its own `iss`, `aud` and times.
public struct VerifiedJWS: Sendable {
  public let header: [String: JSONValue]
  public let claims: [String: JSONValue]

  /// Why a token did not verify.
  public enum Failure: Error, Sendable, Equatable {
    /// Not three base64url parts, or a header or payload that is not a JSON object.
    case malformed
    /// `alg` is missing or not RS256/ES256, or a `crit` header is present.
    case algorithmNotAllowed
    /// No key of the set matches the header's `kid` and `alg` (or, without a `kid`, several do).
    case noMatchingKey
    case badSignature
  }

  /// Verifies `token` with one of `keySet`'s keys (`{"keys": [...]}`).
  public static func verify(_ token: String, keySet: JSONValue) -> Result<VerifiedJWS, Failure> {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = Base64URL.decode(parts[0]).flatMap(JSONValue.parse)?.object,
      let claims = Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object,
      let signature = Base64URL.decode(parts[2])
    else { return .failure(.malformed) }
    guard let alg = header["alg"]?.string, IDTokenValidator.allowedAlgorithms.contains(alg), header["crit"] == nil
    else { return .failure(.algorithmNotAllowed) }
    let keys = (keySet["keys"]?.array ?? []).compactMap(JSONWebKey.init)
    guard let key = try? JWKSCache.select(keys, kid: header["kid"]?.string, alg: alg) else {
      return .failure(.noMatchingKey)
    }
    guard key.verify(signature: signature, signingInput: Data("\(parts[0]).\(parts[1])".utf8)) else {
      return .failure(.badSignature)
    }
    return .success(VerifiedJWS(header: header, claims: claims))
  }
}
