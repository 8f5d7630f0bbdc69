import Foundation

/// How the emulator runs the OAuth 2.0 Device Authorization Grant (RFC 8628): the polling interval it
/// hands out and enforces, and how long device and user codes live. The defaults are GitHub's.
public struct DeviceFlowSettings: Sendable, Equatable {
  /// RFC 8628 §3.4: the `grant_type` of a poll.
  public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
  /// RFC 8628 §3.5: what each `slow_down` adds to the interval, in seconds.
  public static let slowDownStep = 5

  /// RFC 8628 §3.2 `interval`, in seconds: a poll sooner than this after the previous poll of the same
  /// device code gets `slow_down` (§3.5), and the interval grows by `slowDownStep`. 0 turns the check off.
  public var interval: Int
  /// RFC 8628 §3.2 `expires_in`, in seconds: the life of the device and user codes. 0: expired at once.
  public var expiresIn: Int

  public init(interval: Int = 5, expiresIn: Int = 900) {
    self.interval = max(0, interval)
    self.expiresIn = max(0, expiresIn)
  }
}
