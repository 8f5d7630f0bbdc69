import Foundation

@testable import AuthEngine

/// A provider's JWK Set (RFC 7517 §5): fetched into the cache and a key selected by `kid` and `alg`,
/// or used as the key set of `VerifiedJWS` for a token the fixed key signed.
enum JWKSHarness {
  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 3)
    switch input.variant {
    case 0, 1:
      let cache = JWKSCache(http: FuzzFixtures.http(answering: HTTPResponse(status: 200, body: input.body)))
      _ = try? await cache.key(
        jwksURI: JWTHarness.jwksURI, kid: input.variant == 0 ? "fuzz-1" : nil,
        alg: input.variant == 0 ? "ES256" : "RS256")
    default:
      guard let keySet = JSONValue.parse(input.body) else { return }
      _ = VerifiedJWS.verify(FuzzKeys.token, keySet: keySet)
    }
  }
}
