import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

/// The words around a failure on the window's pages (the failure itself is worded by
/// `UserFacingError`, which the command line shares).
extension WindowText {
  static let problemWhere = tr("Where")
  static func problemLocation(_ location: String) -> String {
    tr("{where}: {location}", ["where": problemWhere, "location": location.replacingOccurrences(of: "\n", with: " ")])
  }
  static func loopbackPort(_ port: UInt16) -> String { tr("127.0.0.1, port {port}", ["port": String(port)]) }
  static let retry = tr("Retry")
  static let retryAccessible = tr("Retry starting AuthDesktop")
  static let quitAccessible = tr("Quit AuthDesktop")
  static let back = tr("Back")
  static let backToSignIn = tr("Back to sign-in")
  static let errorPage = tr("Error")
  static let unavailablePage = tr("AuthDesktop can’t start")
}
