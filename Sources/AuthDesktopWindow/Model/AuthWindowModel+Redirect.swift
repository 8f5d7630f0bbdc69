import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

extension AuthWindowModel {
  /// The redirect of a sign-in with `providerID` (`RedirectChoice`; the window has a display): a
  /// `.device` choice (`redirect = "device"`, or a window shown over SSH for a provider with the grant)
  /// opens the device page.
  nonisolated func redirectChoice(_ providerID: String) -> RedirectChoice {
    RedirectChoice.choose(
      providerID: providerID, configuration: configuration, environment: ProcessInfo.processInfo.environment,
      registration: registration)
  }
}
