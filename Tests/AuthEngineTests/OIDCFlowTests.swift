import AuthEngine
import Crypto
import Foundation
import TestSupport
import Testing

/// OpenID Connect against the Authlib provider: discovery, JWKS, ID token and UserInfo.
@Suite struct OIDCFlowTests {
  @Test(arguments: ["RS256", "ES256"])
  func signInValidatesTheIDToken(alg: String) async throws {
    let oidc = try await Fixtures.oidc(["alg": alg])
    let harness = try Harness(configuration: oidc.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "oidc.test"))
    let query = try #require(FormParameters.query(of: pending.authorizationURL))
    #expect(query["scope"] == "openid email profile")
    #expect((query["nonce"] ?? "").count >= 43)
    let result = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
    #expect(result.identity.uid == "248289761001")
    #expect(result.identity.email == "jane@example.com")
    #expect(result.identity.emailVerified)
    #expect(result.identity.displayName == "Jane Doe")
    #expect(result.credential.idToken != nil)
    #expect(result.additionalUserInfo.profile["nonce"] == nil)
    // The request and the token carry hex(SHA-256(raw)); the credential keeps the raw nonce.
    let raw = try #require(result.credential.rawNonce?.reveal())
    let hashed = SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
    #expect(query["nonce"] == hashed && raw != hashed)
    let claims = try #require(result.credential.idToken.flatMap { Self.claims(of: $0) })
    #expect(claims["nonce"]?.string == hashed)
  }

  /// The payload of a compact JWS, unverified (the engine verified it).
  static func claims(of token: IDToken) -> [String: JSONValue]? {
    let parts = token.reveal().split(separator: ".")
    guard parts.count == 3 else { return nil }
    return Base64URL.decode(parts[1]).flatMap(JSONValue.parse)?.object
  }

  @Test(arguments: ["client_secret_basic", "client_secret_post", "none"])
  func clientAuthenticationFollowsDiscovery(method: String) async throws {
    let oidc = try await Fixtures.oidc(["token_endpoint_auth_method": method])
    let result = try await Harness(configuration: oidc.configuration).signIn(OAuthProvider(providerID: "oidc.test"))
    #expect(result.identity.email == "jane@example.com")
  }

  @Test func rfc9207IssuerParameterIsChecked() async throws {
    let good = try await Fixtures.oidc(["advertise_iss": true])
    _ = try await Harness(configuration: good.configuration).signIn(OAuthProvider(providerID: "oidc.test"))
    let bad = try await Fixtures.oidc(["mode": "wrong_iss_param"])
    await expectAuthError(.issuerMismatch) {
      try await Harness(configuration: bad.configuration).signIn(OAuthProvider(providerID: "oidc.test"))
    }
  }

  @Test func rfc9207MissingIssWhenAdvertisedIsRejected() async throws {
    let oidc = try await Fixtures.oidc(["advertise_iss": true])
    let harness = try Harness(configuration: oidc.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "oidc.test"))
    var query = FormParameters.query(of: try await Browser.follow(pending.authorizationURL))!
    query.pairs.removeAll { $0.name == "iss" }
    await expectAuthError(.issuerMismatch) {
      try await harness.service.resume(with: URL(string: Fixtures.oidcRedirect("test"))!.appendingQuery(query))
    }
  }

  @Test func discoveryAndJWKSAreCached() async throws {
    let oidc = try await Fixtures.oidc()
    let harness = try Harness(configuration: oidc.configuration)
    for _ in 0..<3 { _ = try await harness.signIn(OAuthProvider(providerID: "oidc.test")) }
    let stats = try await Fixtures.tenantStats(oidc.base)
    #expect(stats["discovery_fetches"] == 1)
    #expect(stats["jwks_fetches"] == 1)
  }

  @Test func keyRotationRefetchesTheJWKSOnce() async throws {
    // The tenant's first JWKS answer has only key A; later answers add key B, which signs the tokens.
    let oidc = try await Fixtures.oidc(["mode": "key_rotation"])
    let harness = try Harness(configuration: oidc.configuration)
    // Cold cache: the one fetch lacks B, so this token cannot be verified.
    await expectAuthError(.invalidIDToken) { try await harness.signIn(OAuthProvider(providerID: "oidc.test")) }
    // Warm cache lacks B: one refetch finds it.
    _ = try await harness.signIn(OAuthProvider(providerID: "oidc.test"))
    _ = try await harness.signIn(OAuthProvider(providerID: "oidc.test"))
    #expect(try await Fixtures.tenantStats(oidc.base)["jwks_fetches"] == 2)
  }

  @Test func unknownKidFailsAfterOneRefetch() async throws {
    let oidc = try await Fixtures.oidc(["mode": "unknown_kid"])
    let harness = try Harness(configuration: oidc.configuration)
    await expectAuthError(.invalidIDToken) { try await harness.signIn(OAuthProvider(providerID: "oidc.test")) }
    #expect(try await Fixtures.tenantStats(oidc.base)["jwks_fetches"] == 1, "a cold cache is fetched once")
    await expectAuthError(.invalidIDToken) { try await harness.signIn(OAuthProvider(providerID: "oidc.test")) }
    #expect(
      try await Fixtures.tenantStats(oidc.base)["jwks_fetches"] == 2, "a warm cache is refetched once per unknown kid")
  }

  /// OpenID RP conformance cases: each must fail with the named code.
  @Test(arguments: [
    ("bad_signature", AuthErrorCode.invalidIDToken), ("wrong_iss", .invalidIDToken), ("wrong_aud", .invalidIDToken),
    ("missing_iat", .invalidIDToken), ("missing_sub", .invalidIDToken), ("expired", .invalidIDToken),
    ("wrong_nonce", .missingOrInvalidNonce), ("alg_none", .invalidIDToken), ("hs256_with_public_key", .invalidIDToken),
    ("no_kid_multiple_keys", .invalidIDToken), ("userinfo_sub_mismatch", .invalidIDToken),
    ("discovery_issuer_mismatch", .issuerMismatch), ("multiple_aud_no_azp", .invalidIDToken),
    ("azp_mismatch", .invalidIDToken),
  ])
  func conformanceFailure(mode: String, code: AuthErrorCode) async throws {
    let oidc = try await Fixtures.oidc(["mode": mode])
    let harness = try Harness(configuration: oidc.configuration)
    await expectAuthError(code) { try await harness.signIn(OAuthProvider(providerID: "oidc.test")) }
  }

  @Test(arguments: ["aud_array_single", "no_kid_single_key"])
  func conformanceSuccess(mode: String) async throws {
    let oidc = try await Fixtures.oidc(["mode": mode])
    _ = try await Harness(configuration: oidc.configuration).signIn(OAuthProvider(providerID: "oidc.test"))
  }

  @Test func nonceIsReservedAsCustomParameter() async throws {
    let oidc = try await Fixtures.oidc()
    var provider = OAuthProvider(providerID: "oidc.test")
    provider.customParameters = ["nonce": "attacker-chosen"]
    await expectAuthError(.invalidCustomParameter) {
      try await Harness(configuration: oidc.configuration).service.begin(provider)
    }
  }
}
