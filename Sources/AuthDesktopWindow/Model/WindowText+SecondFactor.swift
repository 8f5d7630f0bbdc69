import AuthDesktopApp

/// The words of the code page (a second factor, TOTP).
extension WindowText {
  static let secondFactorTitle = tr("Enter the code from your authenticator app")
  static let secondFactorPage = tr("Second factor")
  static func secondFactorBody(email: String?, factorName: String?) -> String {
    switch (email, factorName) {
    case (let email?, let name?):
      return tr(
        "{email} is protected by a second factor. Open the authenticator app on {device} and enter the 6-digit code.",
        ["email": email, "device": name])
    case (let email?, nil):
      return tr(
        "{email} is protected by a second factor. Open your authenticator app and enter the 6-digit code.",
        ["email": email])
    default:
      return tr("This account is protected by a second factor. Open your authenticator app and enter the 6-digit code.")
    }
  }
  static let secondFactorCode = tr("Code")
  static let verify = tr("Verify")
  static let verifyAccessible = tr("Verify the code")
}
