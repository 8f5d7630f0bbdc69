import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

extension AuthWindowModel {
  /// The redirect of a sign-in with `providerID` (`RedirectChoice`; the window has a display). The window
  /// has no device grant page yet: a `.device` choice (an SSH session with a provider that has the
  /// grant) runs as loopback, the browser opened on the machine that shows the window.
  nonisolated func redirectChoice(_ providerID: String) -> RedirectChoice {
    RedirectChoice.choose(
      providerID: providerID, configuration: configuration, environment: ProcessInfo.processInfo.environment,
      registration: registration)
  }
}
