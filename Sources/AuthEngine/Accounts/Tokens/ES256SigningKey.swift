import Crypto
import Foundation

/// A P-256 private key for RFC 7518 §3.4 ES256, kept as raw bytes because swift-crypto's key types
/// are not `Sendable`. It lives only in the `SecretStore`, never on disk in the clear by itself.
public struct ES256SigningKey: Sendable {
  static let secretKey = SecretKey(namespace: "signing-key", id: "id-token-es256")
  static let label = "ID token signing key (ES256)"

  /// The 32-byte private scalar.
  public let rawPrivateKey: Data
  /// The uncompressed public point, `04 || x || y` (SEC 1 / X9.63).
  public let x963PublicKey: Data

  public init?(rawPrivateKey: Data) {
    guard let key = try? P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey) else { return nil }
    self.rawPrivateKey = rawPrivateKey
    x963PublicKey = key.publicKey.x963Representation
  }

  /// RFC 7517 §4.5 `kid`: the first 16 characters of base64url(SHA-256(X9.63 public key)).
  public var kid: String {
    String(Base64URL.encode(SHA256.hash(data: x963PublicKey)).prefix(16))
  }

  /// The public key as an RFC 7517 JWK with RFC 7518 §6.2.1 EC parameters.
  public var publicJWK: JSONValue {
    .object([
      "kty": .string("EC"), "crv": .string("P-256"),
      "x": .string(Base64URL.encode(x963PublicKey[1..<33])), "y": .string(Base64URL.encode(x963PublicKey[33..<65])),
      "kid": .string(kid), "alg": .string("ES256"), "use": .string("sig"),
    ])
  }

  /// RFC 7518 §3.4: ECDSA P-256 SHA-256 over the JWS signing input, serialised as R || S (64 bytes).
  public func sign(_ signingInput: Data) throws -> Data {
    let key = try P256.Signing.PrivateKey(rawRepresentation: rawPrivateKey)
    return try key.signature(for: signingInput).rawRepresentation
  }

  /// The key in `secrets`, created on first use. Two processes racing on first use converge: after
  /// storing, the key is read back and whatever the store kept wins. Store failures propagate.
  static func loadOrCreate(in secrets: any SecretStore, random: any RandomSource) async throws -> ES256SigningKey {
    if let existing = try await load(from: secrets) { return existing }
    let created = try generate(random: random)
    try await secrets.store(StoredSecret(Base64URL.encode(created.rawPrivateKey)), for: secretKey, label: label)
    guard let kept = try await load(from: secrets) else {
      throw AuthError(.storageFailure, origin: .storage, detail: "the signing key was not kept by the secret store")
    }
    return kept
  }

  private static func load(from secrets: any SecretStore) async throws -> ES256SigningKey? {
    // Empty: a power cut while it was first written (its file renamed, not yet synced); made again.
    guard let stored = try await secrets.load(secretKey), !stored.reveal().isEmpty else { return nil }
    guard let raw = Base64URL.decode(stored.reveal()), raw.count == 32, let key = ES256SigningKey(rawPrivateKey: raw)
    else {
      throw AuthError(.storageFailure, origin: .storage, detail: "the stored signing key is malformed")
    }
    return key
  }

  /// Rejection sampling: 32 random bytes are a valid scalar unless zero or ≥ the group order.
  private static func generate(random: any RandomSource) throws -> ES256SigningKey {
    for _ in 0..<64 {
      if let key = ES256SigningKey(rawPrivateKey: Data(random.bytes(32))) { return key }
    }
    throw AuthError(.internalError, origin: .storage, detail: "the random source gave no valid P-256 key")
  }
}
