import AuthEngine
import Crypto
import Foundation
import Testing

/// The app's own ES256 ID tokens (RFC 7515/7518/7519), checked by an independent verifier.
@Suite struct IDTokenIssuerTests {
  static let start = Date(timeIntervalSince1970: 1_700_000_000)

  static func issuer(_ store: InMemorySecretStore, clock: ManualClock = ManualClock(start)) -> IDTokenIssuer {
    IDTokenIssuer(
      secrets: store, clock: clock, random: SystemRandomSource(), issuer: "https://auth.example.test/app",
      audience: "app-123")
  }

  static let github = IDTokenClaims(
    uid: "uid-42", authTime: start.addingTimeInterval(-30), email: "a@b.c", emailVerified: true,
    displayName: "Ada", photoURL: "https://avatars.example/u/1", signInProvider: "github.com",
    identities: ["github.com": ["583231"], "email": ["a@b.c"]])

  /// Splits a compact JWS and verifies it with a key built only from the JWKS `x`/`y`.
  static func verify(_ token: IDToken, with jwks: JSONValue) throws -> (header: JSONValue, payload: JSONValue) {
    let parts = token.reveal().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    try #require(parts.count == 3)
    let header = try #require(Base64URL.decode(parts[0]).flatMap(JSONValue.parse))
    let payload = try #require(Base64URL.decode(parts[1]).flatMap(JSONValue.parse))
    let keys = try #require(jwks["keys"]?.array)
    try #require(keys.count == 1)
    let jwk = keys[0]
    #expect(jwk["kid"] == header["kid"])
    let x = try #require(jwk["x"]?.string.flatMap(Base64URL.decode))
    let y = try #require(jwk["y"]?.string.flatMap(Base64URL.decode))
    let publicKey = try P256.Signing.PublicKey(x963Representation: Data([0x04]) + x + y)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
    #expect(publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
    // The kid is the first 16 characters of base64url(SHA-256(X9.63 public key)).
    #expect(
      header["kid"]?.string == String(Base64URL.encode(SHA256.hash(data: publicKey.x963Representation)).prefix(16)))
    return (header, payload)
  }

  @Test func mintedTokenVerifiesAgainstExportedJWKS() async throws {
    let issuer = Self.issuer(InMemorySecretStore())
    let token = try await issuer.mint(Self.github)
    let jwks = try await issuer.jwks()
    let (header, _) = try Self.verify(token, with: jwks)
    #expect(header == .object(["alg": .string("ES256"), "kid": header["kid"]!, "typ": .string("JWT")]))
    let jwk = try #require(jwks["keys"]?.array?.first)
    #expect(jwk["kty"] == .string("EC") && jwk["crv"] == .string("P-256"))
    #expect(jwk["alg"] == .string("ES256") && jwk["use"] == .string("sig") && jwk["d"] == nil)
    // A tampered payload no longer verifies.
    let parts = token.reveal().split(separator: ".").map(String.init)
    let forged = Base64URL.encode(Data(#"{"sub":"someone-else"}"#.utf8))
    let x = try #require(jwk["x"]?.string.flatMap(Base64URL.decode))
    let y = try #require(jwk["y"]?.string.flatMap(Base64URL.decode))
    let key = try P256.Signing.PublicKey(x963Representation: Data([0x04]) + x + y)
    let signature = try P256.Signing.ECDSASignature(rawRepresentation: Base64URL.decode(parts[2])!)
    #expect(!key.isValidSignature(signature, for: Data("\(parts[0]).\(forged)".utf8)))
  }

  @Test func claimsAreFirebaseShaped() async throws {
    let clock = ManualClock(Self.start)
    let issuer = Self.issuer(InMemorySecretStore(), clock: clock)
    clock.advance(by: 5.7)
    let token = try await issuer.mint(Self.github)
    let (_, payload) = try Self.verify(token, with: try await issuer.jwks())
    #expect(payload["iss"] == .string("https://auth.example.test/app"))
    #expect(payload["aud"] == .string("app-123"))
    #expect(payload["sub"] == .string("uid-42"))
    let iat = try #require(payload["iat"]?.number)
    let exp = try #require(payload["exp"]?.number)
    #expect(iat == 1_700_000_005 && exp - iat == 3600)
    #expect(payload["auth_time"] == .number(1_699_999_970))
    #expect(payload["email"] == .string("a@b.c") && payload["email_verified"] == .bool(true))
    #expect(payload["name"] == .string("Ada") && payload["picture"] == .string("https://avatars.example/u/1"))
    #expect(payload["firebase"]?["sign_in_provider"] == .string("github.com"))
    #expect(
      payload["firebase"]?["identities"]
        == .object(["github.com": .array([.string("583231")]), "email": .array([.string("a@b.c")])]))
    // NumericDate is whole seconds (RFC 7519 §2), serialised as integers.
    let json = String(decoding: Base64URL.decode(token.reveal().split(separator: ".")[1])!, as: UTF8.self)
    #expect(json.contains(#""iat":1700000005,"#) && json.contains(#""exp":1700003605"#))
    #expect(IDTokenIssuer.expiry(of: token) == Date(timeIntervalSince1970: 1_700_003_605))
  }

  @Test func unsetClaimsAreOmitted() async throws {
    let issuer = Self.issuer(InMemorySecretStore())
    let claims = IDTokenClaims(uid: "u1", authTime: Self.start, signInProvider: "password")
    let (_, payload) = try Self.verify(try await issuer.mint(claims), with: try await issuer.jwks())
    for name in ["email", "email_verified", "name", "picture"] { #expect(payload[name] == nil, "\(name)") }
    #expect(payload["firebase"] == .object(["identities": .object([:]), "sign_in_provider": .string("password")]))
  }

  @Test func keyIsCreatedOnceAndReused() async throws {
    let store = InMemorySecretStore()
    let first = try await Self.issuer(store).jwks()
    let token = try await Self.issuer(store).mint(Self.github)
    let second = try await Self.issuer(store).jwks()
    #expect(first == second)
    _ = try Self.verify(token, with: first)
    #expect(try await store.ids(in: "signing-key") == ["id-token-es256"])
    // The private key appears in neither the token nor the JWKS.
    let stored = try #require(await store.revealedValues().first)
    #expect(Base64URL.decode(stored)?.count == 32)
    #expect(!token.reveal().contains(stored) && !"\(first)".contains(stored))
  }

  @Test func concurrentFirstUsesConvergeOnTheStoredKey() async throws {
    let store = InMemorySecretStore()
    async let a = Self.issuer(store).jwks()
    async let b = Self.issuer(store).jwks()
    _ = try await (a, b)
    let jwks = try await Self.issuer(store).jwks()
    _ = try Self.verify(try await Self.issuer(store).mint(Self.github), with: jwks)
    _ = try Self.verify(try await Self.issuer(store).mint(Self.github), with: jwks)
    #expect(try await store.ids(in: "signing-key").count == 1)
  }

  @Test func lockedStoreFailsWithSecretStoreUnavailable() async throws {
    let store = InMemorySecretStore()
    await store.setLocked(true)
    let issuer = Self.issuer(store)
    await #expect { try await issuer.mint(Self.github) } throws: {
      ($0 as? AuthError)?.code == .secretStoreUnavailable
    }
    await #expect { try await issuer.jwks() } throws: { ($0 as? AuthError)?.code == .secretStoreUnavailable }
  }

  @Test func malformedStoredKeyIsAStorageFailure() async throws {
    let store = InMemorySecretStore()
    try await store.store(
      StoredSecret("not-a-key"), for: SecretKey(namespace: "signing-key", id: "id-token-es256"), label: "test")
    await #expect { try await Self.issuer(store).mint(Self.github) } throws: {
      ($0 as? AuthError)?.code == .storageFailure
    }
  }

  @Test func expiryOfGarbageIsNil() {
    #expect(IDTokenIssuer.expiry(of: IDToken("not.a.jwt")) == nil)
    #expect(IDTokenIssuer.expiry(of: IDToken("")) == nil)
    let noExp = Base64URL.encode(Data(#"{"sub":"x"}"#.utf8))
    #expect(IDTokenIssuer.expiry(of: IDToken("e30.\(noExp).sig")) == nil)
  }
}
