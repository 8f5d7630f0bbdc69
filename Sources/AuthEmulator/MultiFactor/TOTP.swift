import Crypto
import Foundation

/// RFC 6238 time-based one-time passwords, as Identity Platform's TOTP second factor and the
/// authenticator apps make them: HMAC-SHA-1 (RFC 4226 §5.3's dynamic truncation) over the number of
/// 30-second steps since the Unix epoch, 6 digits. The HMAC is swift-crypto's.
public struct TOTP: Sendable {
  public let secret: Data
  public let digits: Int
  public let period: TimeInterval

  public init(secret: Data, digits: Int = 6, period: TimeInterval = 30) {
    self.secret = secret
    self.digits = digits
    self.period = period
  }

  /// The time step of `date` (RFC 6238 §4.2, T0 = 0).
  public func step(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / period).rounded(.down)) }

  /// The code of time step `step`, zero-padded to `digits`.
  public func code(step: Int64) -> String {
    let counter = withUnsafeBytes(of: UInt64(bitPattern: step).bigEndian) { Data($0) }
    let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: counter, using: SymmetricKey(data: secret)))
    let offset = Int(mac[mac.count - 1] & 0x0f)
    let truncated =
      (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
      | UInt32(mac[offset + 3])
    var modulus: UInt32 = 1
    for _ in 0..<digits { modulus *= 10 }
    let number = String(truncated % modulus)
    return String(repeating: "0", count: max(0, digits - number.count)) + number
  }

  /// The code at `date`.
  public func code(at date: Date) -> String { code(step: step(at: date)) }

  /// The step whose code `code` is, within `window` steps either side of `date`'s (RFC 6238 §5.2: one
  /// step back and forth for clock drift and the time to type); nil when none matches.
  public func matchingStep(_ code: String, at date: Date, window: Int64 = 1) -> Int64? {
    guard code.count == digits, code.allSatisfy(\.isASCII), code.allSatisfy(\.isNumber) else { return nil }
    let now = step(at: date)
    var found: Int64?
    // Every candidate is compared, so the time taken does not say which step matched.
    for candidate in (now - window)...(now + window) {
      let expected = Data(self.code(step: candidate).utf8)
      if Self.equalInConstantTime(expected, Data(code.utf8)), found == nil { found = candidate }
    }
    return found
  }

  static func equalInConstantTime(_ lhs: Data, _ rhs: Data) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for (left, right) in zip(lhs, rhs) { difference |= left ^ right }
    return difference == 0
  }
}
