import AuthDesktopKit
import Foundation

/// The D-Bus service file that lets the session bus start the token agent (`TokenAgent`): written by
/// `install` under the user's data home, where the bus looks (`$XDG_DATA_HOME/dbus-1/services`), named
/// after the bus name as D-Bus requires.
enum TokenAgentService {
  static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
    DesktopIntegration.dataHome(environment).appendingPathComponent("dbus-1/services/\(TokenAgent.busName).service")
  }

  /// The service file for `launcher` (the `auth-desktop` the desktop entry runs).
  static func contents(launcher: String) -> String {
    "[D-BUS Service]\nName=\(TokenAgent.busName)\nExec=\(DesktopExec.value([launcher, "agent"]))\n"
  }
}
