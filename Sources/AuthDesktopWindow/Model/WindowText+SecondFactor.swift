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

/// The words of adding a second factor (the signed-in page's row and the enrollment page).
extension WindowText {
  static let secondFactorRow = tr("Authenticator app")
  static let secondFactorRowHint = tr("Ask for a code after the password or provider")
  static let addSecondFactor = tr("Add")
  static let addSecondFactorAccessible = tr("Add an authenticator app")
  static let enrollTitle = tr("Add an authenticator app")
  static let enrollPage = tr("Add an authenticator app")
  static let enrollBody = tr(
    "Scan the QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows."
  )
  static let enrollQRAccessible = tr("QR code of the key, for your authenticator app")
  static let enrollKeyAccessible = tr("Key to type into your authenticator app")
  static let enrollConfirm = tr("Add authenticator")
  static let enrollConfirmAccessible = tr("Add the authenticator app with this code")
}
