import Foundation

/// The words of signing in on another device (the device page and its menu items).
extension WindowText {
  static let deviceTitle = "Sign in on another device"
  static let devicePage = "Sign in on another device"
  static func deviceBody(providerTitle: String, verificationURI: URL, userCode: String) -> String {
    "Open \(verificationURI.absoluteString) on any device and enter \(userCode) to sign in to \(providerTitle)."
  }
  static let deviceCodeAccessible = "Code to enter"
  static let copyCode = "Copy code"
  static let copyCodeAccessible = "Copy the code"
  static let codeCopied = "Code copied"
  static let deviceQRAccessible = "QR code of the sign-in address, to open it on a phone"
  static let deviceProgress = "Waiting for approval on the other device"
  /// The main menu's section; its items are the providers' names.
  static let deviceMenuSection = "Sign In on Another Device"
}
