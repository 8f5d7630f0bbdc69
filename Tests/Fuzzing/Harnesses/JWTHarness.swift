import Foundation

@testable import AuthEngine

/// JWT/JWS as a provider or a caller hands them over: the ID token validation of a sign-in (OIDC Core
/// §3.1.3.7, against a fixed key set), `VerifiedJWS`, and the unverified reads of a stored token.
enum JWTHarness {
  static let jwksURI = URL(string: "https://issuer.example/jwks")!

  static func run(_ data: Data) async {
    let input = FuzzInput(data, variants: 3)
    let token = input.text
    switch input.variant {
    case 0:
      let validator = IDTokenValidator(
        issuer: "https://issuer.example", clientID: "oidc-client",
        jwks: JWKSCache(http: FuzzFixtures.http(answering: HTTPResponse(status: 200, body: keySetBody))),
        jwksURI: jwksURI, clock: FuzzFixtures.clock)
      _ = try? await validator.validate(IDToken(token), nonce: Nonce("fuzz-nonce"))
    case 1:
      _ = VerifiedJWS.verify(token, keySet: FuzzKeys.keySet)
    default:
      _ = IDTokenValidator.unverifiedClaims(IDToken(token))
      _ = IDTokenIssuer.expiry(of: IDToken(token))
    }
  }

  static let keySetBody = (try? JSONEncoder().encode(FuzzKeys.keySet)) ?? Data()
}
