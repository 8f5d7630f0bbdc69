import Foundation

/// Cryptographically strong random bytes, injectable so tests can be deterministic.
public protocol RandomSource: Sendable {
  func bytes(_ count: Int) -> [UInt8]
}

extension RandomSource {
  /// `count` random bytes as unpadded base64url (RFC 4648 §5): 32 bytes → 43 characters, 256 bits.
  public func token(bytes count: Int = 32) -> String { Base64URL.encode(bytes(count)) }

  /// `count` characters of `[A-Za-z0-9]`, without modulo bias: a uid (28 characters, the shape of the ones
  /// Firebase assigns, so one never begins with `-` and reads as an option on a command line) or a
  /// GitHub-style token body.
  public func alphanumeric(_ count: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var result = ""
    while result.count < count {
      for byte in bytes(count) where byte < 248 && result.count < count {
        result.append(alphabet[Int(byte) % 62])
      }
    }
    return result
  }
}

/// The operating system's CSPRNG (`getrandom(2)` on Linux, through `SystemRandomNumberGenerator`).
public struct SystemRandomSource: RandomSource {
  public init() {}
  public func bytes(_ count: Int) -> [UInt8] {
    // Eight bytes per `next()` (one getrandom(2) call each), not one call per byte.
    var generator = SystemRandomNumberGenerator()
    var result: [UInt8] = []
    result.reserveCapacity(count + 7)
    while result.count < count {
      withUnsafeBytes(of: generator.next() as UInt64) { result.append(contentsOf: $0) }
    }
    return Array(result.prefix(count))
  }
}

/// Deterministic bytes for unit tests: a counter, so consecutive calls differ.
public final class CountingRandomSource: RandomSource, @unchecked Sendable {
  private let lock = NSLock()
  private var counter: UInt8 = 0

  public init() {}

  public func bytes(_ count: Int) -> [UInt8] {
    lock.withLock {
      counter &+= 1
      return [UInt8](repeating: counter, count: count)
    }
  }
}
