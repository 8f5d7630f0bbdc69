import Foundation

/// The provider's keys (RFC 7517 JWK Set), cached per `jwks_uri`. On an unknown `kid` the set is
/// fetched again once (key rotation), never more per validation.
actor JWKSCache {
  private var sets: [URL: [JSONWebKey]] = [:]
  private let http: ProviderHTTP

  init(http: ProviderHTTP) { self.http = http }

  /// The key that must have signed a token with `kid` and `alg`.
  func key(jwksURI: URL, kid: String?, alg: String) async throws -> JSONWebKey {
    if let cached = sets[jwksURI], let key = try Self.select(cached, kid: kid, alg: alg) { return key }
    let fresh = try await fetch(jwksURI)
    sets[jwksURI] = fresh
    guard let key = try Self.select(fresh, kid: kid, alg: alg) else {
      throw AuthError(
        .invalidIDToken, origin: .validation, detail: "no key in the provider's JWKS matches the token (kid)")
    }
    return key
  }

  /// With a `kid`: the key with that id. Without: the only key of that algorithm; several candidates
  /// and no `kid` is ambiguous and refused.
  static func select(_ keys: [JSONWebKey], kid: String?, alg: String) throws -> JSONWebKey? {
    let candidates = keys.filter { $0.algorithm == alg }
    if let kid { return candidates.first { $0.kid == kid } }
    if candidates.count > 1 {
      throw AuthError(
        .invalidIDToken, origin: .validation, detail: "the token has no kid and the provider publishes several keys")
    }
    return candidates.first
  }

  private func fetch(_ url: URL) async throws -> [JSONWebKey] {
    let json = try await http.json(
      HTTPRequest(url: url, headers: [("Accept", "application/json")]), what: "the JWKS endpoint")
    guard let keys = json["keys"]?.array else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "the JWKS has no keys array")
    }
    return keys.compactMap(JSONWebKey.init)
  }
}
