import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

extension AuthWindowModel {
  /// The redirect of a sign-in with `providerID` (`RedirectChoice`; the window has a display): a
  /// `.device` choice (`redirect = "device"`, or an SSH session with a provider that has the grant)
  /// shows the device page.
  nonisolated func redirectChoice(_ providerID: String) -> RedirectChoice {
    RedirectChoice.choose(
      providerID: providerID, configuration: configuration, environment: ProcessInfo.processInfo.environment,
      registration: registration)
  }
}
