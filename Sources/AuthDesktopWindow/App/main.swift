import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

// `auth-desktop-window [--config F] [--data-dir D] [--emulator] [URI…]`: the window, started by
// `auth-desktop` (with no arguments, or with only global options), which is the one to say when there
// is no display. GTK takes the main thread here, in synchronous code (`WindowApplication.run`); the
// window's model is made on `startup`, in the primary instance only. URIs go to GApplication, which
// forwards them over D-Bus to a running instance or opens them here.
ThemeStart.arm()  // While this is the only thread.
L10n.setUp()  // First: the language of every message (po/, docs/CONTRIBUTING.md, "Translations").
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
// `auth-desktop` with no command starts the window with no arguments: then there is nothing to parse,
// and the parser's first use (milliseconds of the runtime's dynamic casts) stays out of the start-up.
let paths: ConfigurationPaths
let emulator: Bool
let uris: [String]
if arguments.isEmpty {
  (paths, emulator, uris) = (ConfigurationPaths(configFlag: nil, dataDirFlag: nil, environment: environment), false, [])
} else {
  do {
    let command = try WindowCommand.parse(arguments)
    // GApplication reads `--gapplication-service` itself (it then runs as a service: no window).
    (paths, emulator, uris) = (
      command.globals.paths, command.globals.emulator,
      (command.service ? ["--gapplication-service"] : []) + command.uris
    )
  } catch {
    WindowCommand.exit(withError: error)
  }
}
guard DisplayEnvironment.hasDisplay(environment) else {
  FileHandle.standardError.write(
    Data(
      ("auth-desktop: " + tr("the window needs a display (DISPLAY or WAYLAND_DISPLAY); see “auth-desktop --help”.")
        + "\n").utf8))
  exit(2)
}
exit(WindowApplication.run(arguments: [CommandLine.arguments[0]] + uris, launch: paths, emulator: emulator))
