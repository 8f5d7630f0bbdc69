import AuthDesktopKit
import AuthDesktopShared
import AuthEngine

/// The words around a failure on the window's pages (the failure itself is worded by
/// `UserFacingError`, which the command line shares).
extension WindowText {
  static let problemWhere = "Where"
  static func problemLocation(_ location: String) -> String {
    "\(problemWhere): \(location.replacingOccurrences(of: "\n", with: " "))"
  }
  static func loopbackPort(_ port: UInt16) -> String { "127.0.0.1, port \(port)" }
  static let retry = "Retry"
  static let retryAccessible = "Retry starting AuthDesktop"
  static let quitAccessible = "Quit AuthDesktop"
  static let back = "Back"
  static let backToSignIn = "Back to sign-in"
  static let errorPage = "Error"
  static let unavailablePage = "AuthDesktop can’t start"
}
