import Foundation

/// What the user needs to approve a device sign-in on another device: RFC 8628 §3.2's response
/// without the device code, named after its fields. The shell shows it (§3.3): the URI, the code, and
/// a QR code of `verificationURIComplete` when there is one (§3.3.1).
///
/// The user code is shown only here. It prints as `[redacted]` in `description`, so a log line or an
/// error that names the prompt does not carry it.
public struct DeviceAuthorizationPrompt: Sendable, Equatable, CustomStringConvertible {
  /// `verification_uri`: where the user goes.
  public let verificationURI: URL
  /// `user_code`: what the user types there.
  public let userCode: String
  /// `verification_uri_complete`: the URI with the code in it (for a QR code), when the provider
  /// sends one (RFC 8628 §3.3.1; GitHub does not).
  public let verificationURIComplete: URL?
  /// `expires_in`: how long the codes live from the response.
  public let expiresIn: Duration
  /// When the codes expire, on the engine's clock.
  public let expiresAt: Date

  public init(
    verificationURI: URL, userCode: String, verificationURIComplete: URL? = nil, expiresIn: Duration, expiresAt: Date
  ) {
    self.verificationURI = verificationURI
    self.userCode = userCode
    self.verificationURIComplete = verificationURIComplete
    self.expiresIn = expiresIn
    self.expiresAt = expiresAt
  }

  public var description: String {
    "DeviceAuthorizationPrompt(verificationURI: \(verificationURI), userCode: [redacted], expiresIn: \(expiresIn))"
  }
}
