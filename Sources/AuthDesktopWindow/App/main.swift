import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

// `auth-desktop-window [--config F] [--data-dir D] [--emulator] [URI…]`: the window, started by
// `auth-desktop`. GTK takes the main thread here, in synchronous code (`WindowApplication.run`); the
// window's model is made on `startup`, in the primary instance only. URIs go to GApplication, which
// forwards them over D-Bus to a running instance or opens them here.
let command: WindowCommand
do {
  command = try WindowCommand.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  WindowCommand.exit(withError: error)
}
guard DisplayEnvironment.hasDisplay(ProcessInfo.processInfo.environment) else {
  FileHandle.standardError.write(
    Data("auth-desktop-window: the window needs a display (DISPLAY or WAYLAND_DISPLAY).\n".utf8))
  exit(2)
}
exit(
  WindowApplication.run(
    arguments: [CommandLine.arguments[0]] + command.uris, launch: command.globals.paths,
    emulator: command.globals.emulator))
