import AuthDesktopApp
import Foundation

/// `auth-desktop-window`, the GTK executable built next to `auth-desktop`: the command line hands it
/// everything that shows a window, so that commands load no GTK library.
enum WindowExecutable {
  static let name = "auth-desktop-window"

  /// The window binary beside this process's own executable (symlinks resolved, so a link in
  /// `~/.local/bin` finds the build directory).
  static var path: String {
    let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// Replaces this process with the window (same arguments, environment and descriptors); returns only
  /// by exiting with status 2 when it cannot be started.
  static func replaceProcess(arguments: [String]) -> Never {
    let binary = path
    var argv = ([binary] + arguments).map { strdup($0) }
    argv.append(nil)
    execv(binary, argv)
    Output.errorLine(
      "auth-desktop: "
        + tr(
          "cannot start the window ({path}): {reason}", ["path": binary, "reason": String(cString: strerror(errno))]))
    exit(2)
  }
}
