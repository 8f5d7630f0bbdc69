import AuthDesktopApp
import Foundation

/// The words of signing in on another device (the device page and its menu items).
extension WindowText {
  static let deviceTitle = tr("Sign in on another device")
  static let devicePage = tr("Sign in on another device")
  static func deviceBody(providerTitle: String, verificationURI: URL, userCode: String) -> String {
    tr(
      "Open {address} on any device and enter {code} to sign in to {provider}.",
      ["address": unbroken(verificationURI.absoluteString), "code": userCode, "provider": providerTitle])
  }

  /// `address` kept on one line: line breaking (UAX #14) allows a break after each `/` before a letter,
  /// and a longer sentence (Turkish) wrapped "https://" away from the rest. A word joiner (U+2060,
  /// invisible) after each `/` forbids those breaks; an address too long for a line keeps them.
  static func unbroken(_ address: String) -> String {
    guard address.count <= 48 else { return address }
    return address.replacingOccurrences(of: "/", with: "/\u{2060}")
  }
  static let deviceCodeAccessible = tr("Code to enter")
  static let copyCode = tr("Copy code")
  static let copyCodeAccessible = tr("Copy the code")
  static let codeCopied = tr("Code copied")
  static let deviceQRAccessible = tr("QR code of the sign-in address, to open it on a phone")
  static let deviceProgress = tr("Waiting for approval on the other device")
  /// The main menu's section; its items are the providers' names.
  static let deviceMenuSection = tr("Sign In on Another Device")
}
