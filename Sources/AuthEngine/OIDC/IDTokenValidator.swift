import Foundation

/// OpenID Connect Core §3.1.3.7 ID token validation.
struct IDTokenValidator: Sendable {
  /// Only asymmetric algorithms: never `none`, never HS* (a public key used as an HMAC secret).
  static let allowedAlgorithms: Set<String> = ["RS256", "ES256"]
  /// Clock skew tolerated on `exp` and `iat`.
  static let leeway: TimeInterval = 60
  /// `iat` older than this is refused (OIDC Core §3.1.3.7 item 10).
  static let maximumAge: TimeInterval = 600

  let issuer: String
  let clientID: String
  let jwks: JWKSCache
  let jwksURI: URL
  let clock: any AuthClock

  /// Returns the verified claims.
  func validate(_ token: IDToken, nonce expected: Nonce?) async throws -> [String: JSONValue] {
    let parts = token.reveal().split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
      let header = JSONValue.parse(headerData)?.object,
      let payload = Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object,
      let signature = Base64URL.decode(parts[2])
    else { throw invalid("the token is not a compact JWS") }
    guard let alg = header["alg"]?.string, Self.allowedAlgorithms.contains(alg) else {
      throw invalid("signing algorithm \(header["alg"]?.string ?? "missing") is not allowed")
    }
    if header["crit"] != nil { throw invalid("critical header parameters are not supported") }
    let key = try await jwks.key(jwksURI: jwksURI, kid: header["kid"]?.string, alg: alg)
    guard key.verify(signature: signature, signingInput: Data("\(parts[0]).\(parts[1])".utf8)) else {
      throw invalid("the signature does not verify")
    }
    try checkClaims(payload, nonce: expected)
    return payload
  }

  func checkClaims(_ claims: [String: JSONValue], nonce expected: Nonce?) throws {
    guard claims["iss"]?.string == issuer else { throw invalid("iss is not the expected issuer") }
    guard let sub = claims["sub"]?.string, !sub.isEmpty, sub.utf8.count <= 255 else { throw invalid("sub is missing") }
    let audiences = claims["aud"]?.string.map { [$0] } ?? claims["aud"]?.array?.compactMap(\.string) ?? []
    guard audiences.contains(clientID) else { throw invalid("aud does not contain this client") }
    let azp = claims["azp"]?.string
    if audiences.count > 1 && azp == nil { throw invalid("several audiences and no azp") }
    if let azp, azp != clientID { throw invalid("azp is not this client") }
    let now = clock.now().timeIntervalSince1970
    guard let exp = try Self.timestamp(claims["exp"], "exp") else { throw invalid("exp is missing") }
    guard now < exp + Self.leeway else { throw invalid("the token has expired") }
    guard let iat = try Self.timestamp(claims["iat"], "iat") else { throw invalid("iat is missing") }
    guard iat <= now + Self.leeway, iat >= now - Self.maximumAge else { throw invalid("iat is out of range") }
    if let expected {
      guard let nonce = claims["nonce"]?.string, expected.constantTimeEquals(nonce) else {
        throw AuthError(.missingOrInvalidNonce, origin: .validation)
      }
    }
  }

  /// The payload of a token this client verified earlier (for comparing claims across a refresh).
  static func unverifiedClaims(_ token: IDToken) -> [String: JSONValue]? {
    let parts = token.reveal().split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    return Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object
  }

  /// A NumericDate claim (RFC 7519 §2) as seconds since 1970: nil when absent or not a number, and
  /// `auth/invalid-id-token` when not finite or outside `ServerNumber.timestamp`.
  static func timestamp(_ claim: JSONValue?, _ name: String) throws(AuthError) -> TimeInterval? {
    guard let seconds = claim?.number else { return nil }
    guard seconds.isFinite, ServerNumber.timestamp.contains(seconds) else {
      throw AuthError(.invalidIDToken, origin: .validation, detail: "\(name) is out of range")
    }
    return seconds
  }

  private func invalid(_ detail: String) -> AuthError {
    AuthError(.invalidIDToken, origin: .validation, detail: detail)
  }
}
