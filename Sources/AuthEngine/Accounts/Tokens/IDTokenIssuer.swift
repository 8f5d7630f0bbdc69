import Foundation

/// Mints the app's own Firebase-style ID tokens: JWTs (RFC 7519) signed as compact JWS (RFC 7515
/// §7.1) with ES256 (RFC 7518 §3.4). The signing key lives only in the `SecretStore` (namespace
/// `signing-key`, id `id-token-es256`) and is created on first use; it is re-read on every call, so
/// every process sharing the store converges on one key.
public struct IDTokenIssuer: Sendable {
  /// `exp` − `iat`, as Firebase ID tokens.
  public static let lifetime: TimeInterval = 3600

  private let secrets: any SecretStore
  private let clock: any AuthClock
  private let random: any RandomSource
  private let issuer: String
  private let audience: String

  public init(
    secrets: any SecretStore, clock: any AuthClock, random: any RandomSource, issuer: String, audience: String
  ) {
    self.secrets = secrets
    self.clock = clock
    self.random = random
    self.issuer = issuer
    self.audience = audience
  }

  /// Signs `claims` (plus `iss`, `aud`, `iat` and `exp` = `iat` + 1 h) with the store's key.
  /// Secret store failures propagate unchanged (`auth/secret-store-unavailable`).
  public func mint(_ claims: IDTokenClaims) async throws -> IDToken {
    let key = try await ES256SigningKey.loadOrCreate(in: secrets, random: random)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // RFC 7515 §4.1.1 alg, §4.1.4 kid, §4.1.9 typ (RFC 7519 §5.1).
    let header = try encoder.encode(["alg": "ES256", "kid": key.kid, "typ": "JWT"])
    let issuedAt = Int64(clock.now().timeIntervalSince1970.rounded(.down))
    let payload = try encoder.encode(
      IDTokenPayload(claims, issuer: issuer, audience: audience, issuedAt: issuedAt, lifetime: Int64(Self.lifetime)))
    // RFC 7515 §5.1: signing input = BASE64URL(header) || '.' || BASE64URL(payload).
    let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
    let signature = try key.sign(Data(signingInput.utf8))
    return IDToken(signingInput + "." + Base64URL.encode(signature))
  }

  /// The RFC 7517 §5 JWK Set a relying app verifies these tokens with (creating the key if needed).
  public func jwks() async throws -> JSONValue {
    let key = try await ES256SigningKey.loadOrCreate(in: secrets, random: random)
    return .object(["keys": .array([key.publicJWK])])
  }

  /// The `exp` (RFC 7519 §4.1.4) of a token this issuer minted, read without verifying it: only to
  /// decide when to mint a fresh one. Nil when the token is not a JWT with a numeric `exp`.
  public static func expiry(of token: IDToken) -> Date? {
    guard let claims = IDTokenValidator.unverifiedClaims(token),
      let exp = try? IDTokenValidator.timestamp(claims["exp"], "exp")
    else { return nil }
    return Date(timeIntervalSince1970: exp)
  }
}
