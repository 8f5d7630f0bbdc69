import ArgumentParser
import AuthEngine
import Foundation

// `auth-desktop` is the window (also with only global options: `auth-desktop --emulator`), and so is
// `auth-desktop URI` when there is a display: GApplication then forwards the URI over D-Bus to the
// running instance (and exits), or opens the window and completes the sign-in there. GTK takes the main
// thread here, in synchronous code, before any command runs; the window's model is made on `startup`.
signal(SIGPIPE, SIG_IGN)  // A closed stdout is an error on write (see `Output.line`), not the end.
let arguments = Array(CommandLine.arguments.dropFirst())
let environment = ProcessInfo.processInfo.environment
let hasDisplay = !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
if arguments.isEmpty && !hasDisplay {
  Output.errorLine("auth-desktop: the window needs a display (DISPLAY or WAYLAND_DISPLAY); see `auth-desktop --help`.")
  exit(2)
}
if arguments.isEmpty || (hasDisplay && arguments.count == 1 && DeliverCommand.matches(arguments)) {
  let paths = ConfigurationPaths(environment: environment)
  exit(WindowApplication.run(arguments: CommandLine.arguments, launch: paths, emulator: false))
}
if hasDisplay, !DeliverCommand.matches(arguments),
  let root = try? AuthDesktopCommand.parseAsRoot(arguments) as? AuthDesktopCommand
{
  exit(
    WindowApplication.run(
      arguments: [CommandLine.arguments[0]], launch: root.globals.paths, emulator: root.globals.emulator))
}

// The command line (swift-argument-parser); commands never touch GTK. `auth-desktop URI` without a
// display completes headlessly (see `DeliverCommand`).
let root: any ParsableCommand.Type = DeliverCommand.matches(arguments) ? DeliverCommand.self : AuthDesktopCommand.self
do {
  let command = try root.parseAsRoot(arguments)
  if let runnable = command as? any CLICommand {
    try await runnable.execute()
  } else {
    var builtIn = command  // `help SUBCOMMAND`
    try builtIn.run()
  }
} catch {
  root.exit(withError: error)
}
