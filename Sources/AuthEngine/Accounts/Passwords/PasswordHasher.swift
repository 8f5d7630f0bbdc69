import Crypto
import Foundation
import _CryptoExtras

public enum PasswordKind: SecretKind {}
/// A user's password: never printed, never stored; only its scrypt hash is.
public typealias Password = Secret<PasswordKind>

/// Memory-hard password hashing with scrypt (RFC 7914), encoded as a PHC string:
/// `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (standard base64 without padding).
public struct PasswordHasher: Sendable {
  /// RFC 7914 §2 parameters: N = 2^logN (CPU/memory cost), r (block size), p (parallelization).
  /// Memory is about 128 · N · r bytes.
  public struct Cost: Sendable, Equatable {
    public var logN: Int
    public var r: Int
    public var p: Int

    public init(logN: Int, r: Int, p: Int) {
      self.logN = logN
      self.r = r
      self.p = p
    }

    /// N = 2^15, r = 8, p = 1: about 32 MiB.
    public static let `default` = Cost(logN: 15, r: 8, p: 1)
    /// N = 2^10: about 1 MiB, for tests only.
    public static let testing = Cost(logN: 10, r: 8, p: 1)

    /// Whether these parameters are sane to compute: 2 ≤ N ≤ 2^20, 1 ≤ r ≤ 16, 1 ≤ p ≤ 16,
    /// r · p ≤ 64, memory ≤ 1 GiB. Anything else in a stored hash is refused rather than computed.
    var isAcceptable: Bool {
      (1...20).contains(logN) && (1...16).contains(r) && (1...16).contains(p) && r * p <= 64
        && (128 << logN) * r <= 1 << 30
    }
  }

  static let saltByteCount = 16
  static let hashByteCount = 32

  public let cost: Cost
  public let random: any RandomSource

  public init(cost: Cost = .default, random: any RandomSource) {
    self.cost = cost
    self.random = random
  }

  /// A fresh 16-byte salt and a 32-byte scrypt output, as a PHC string.
  public func hash(_ password: Password) throws -> String {
    guard cost.isAcceptable else {
      throw AuthError(.internalError, origin: .request, detail: "unacceptable scrypt parameters")
    }
    let salt = Data(random.bytes(Self.saltByteCount))
    let derived = try Self.derive(password, salt: salt, cost: cost, count: Self.hashByteCount)
    return PHCScrypt(cost: cost, salt: salt, hash: derived).encoded
  }

  /// Recomputes with the salt and parameters in `encoded` and compares in constant time. False for
  /// malformed strings, for absurd parameters (which are never computed), and for hashes shorter than
  /// the 32 bytes `hash` writes: scrypt's shorter output is a prefix of the longer one, so a truncated
  /// hash would otherwise still verify. (Longer ones, such as RFC 7914's 64-byte vectors, are checked.)
  public func verify(_ password: Password, against encoded: String) -> Bool {
    guard let phc = PHCScrypt(parsing: encoded), phc.cost.isAcceptable, phc.hash.count >= Self.hashByteCount,
      let derived = try? Self.derive(password, salt: phc.salt, cost: phc.cost, count: phc.hash.count)
    else { return false }
    // SymmetricKey's `==` is swift-crypto's constant-time comparison.
    return SymmetricKey(data: derived) == SymmetricKey(data: phc.hash)
  }

  /// Fewer than `minimumLength` characters (user-perceived characters, not bytes).
  public static func isWeak(_ password: Password) -> Bool {
    password.reveal().count < minimumLength
  }

  /// The fewest characters a password may have.
  public static let minimumLength = 8

  /// `auth/weak-password` for a password shorter than `minimumLength`.
  static let weakPassword = AuthError(
    .weakPassword, origin: .request, payload: .password(.tooShort(minimumLength: minimumLength)))

  /// The password is hashed as UTF-8 of its NFC form, so one password typed through different input
  /// methods (composed or decomposed accents) gives one hash (as RFC 8265 §4.2 OpaqueString).
  private static func derive(_ password: Password, salt: Data, cost: Cost, count: Int) throws -> Data {
    let bytes = Data(password.reveal().precomposedStringWithCanonicalMapping.utf8)
    let key = try KDF.Scrypt.deriveKey(
      from: bytes, salt: salt, outputByteCount: count, rounds: 1 << cost.logN, blockSize: cost.r, parallelism: cost.p)
    return key.withUnsafeBytes { Data($0) }
  }
}
