import Foundation

/// A number a server sent (a lifetime, an interval, a timestamp), read before any arithmetic is done
/// with it: a JSON number, or a string holding one (form bodies; Identity Toolkit's `expiresIn`).
/// A number that is not finite or lies outside its range is `auth/invalid-provider-response`: a
/// duration of `inf` seconds, or of 1e16, cannot become milliseconds, a `Date` or a `Duration`
/// without trapping or losing its meaning.
enum ServerNumber {
  /// Seconds of a lifetime (`expires_in`, `expiresIn`): up to ten years.
  static let lifetime: ClosedRange<Double> = 0...315_360_000
  /// Seconds between two device polls (RFC 8628 §3.2 `interval`, §3.5 `slow_down`): up to an hour.
  static let interval: ClosedRange<Double> = 0...3600
  /// Seconds since 1970 (RFC 7519 `exp`, `iat`): up to the end of year 9999.
  static let timestamp: ClosedRange<Double> = 0...253_402_300_799
  /// Milliseconds since 1970 (Identity Toolkit's `createdAt`, `lastLoginAt`).
  static let milliseconds: ClosedRange<Double> = 0...253_402_300_799_000

  /// `value` as a number in `range`; nil when it is absent or not a number at all (a field a server
  /// may leave out or fill with something else). Throws when it is a number out of range.
  static func read(
    _ value: JSONValue?, _ name: String, within range: ClosedRange<Double>,
    origin: AuthError.Origin = .parsing
  ) throws(AuthError) -> Double? {
    let number: Double?
    switch value {
    case .number(let double)?: number = double
    case .string(let text)?: number = Double(text)
    default: number = nil
    }
    guard let number else { return nil }
    guard number.isFinite, range.contains(number) else {
      throw AuthError(.invalidProviderResponse, origin: origin, detail: "\(name) is out of range")
    }
    return number
  }
}
