import AuthDesktopKit
import AuthDesktopService
import Foundation

/// The D-Bus service file that lets the session bus start AuthDesktop's session-bus service
/// (`AccountsService`, docs/dbus-interface.md) on the first call: written by `install` under the user's
/// data home (`$XDG_DATA_HOME/dbus-1/services`), named after the bus name as D-Bus requires. The bus
/// runs the window's executable as a GApplication service (`--gapplication-service`): the service lives
/// in the window's process (docs/architecture.md, "The session-bus service").
enum AccountsServiceFile {
  static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    DesktopIntegration.dataHome(environment).appendingPathComponent("dbus-1/services/\(AccountsBus.busName).service")
  }

  /// The service file of the token agent, which the service replaced: `install` removes it, so the bus
  /// no longer starts `auth-desktop agent` (a command that is gone).
  static func retiredAgentFile(environment: [String: String]) -> URL {
    DesktopIntegration.dataHome(environment).appendingPathComponent(
      "dbus-1/services/dev.authdesktop.AuthDesktop.Agent.service")
  }

  /// The service file for `window` (the `auth-desktop-window` beside the launcher).
  static func contents(window: String) -> String {
    "[D-BUS Service]\nName=\(AccountsBus.busName)\nExec=\(DesktopExec.value([window, "--gapplication-service"]))\n"
  }
}
