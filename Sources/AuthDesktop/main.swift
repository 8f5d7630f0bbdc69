import ArgumentParser
import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

// `auth-desktop` is the command line; it never loads GTK. The window is `auth-desktop-window`, next to
// this binary: `auth-desktop` with no command (or only global options, `auth-desktop --emulator`) and a
// display starts it in place of this process (`WindowExecutable`). `auth-desktop URI` (what the desktop
// runs for a custom-scheme redirect) hands the URI to the process that waits for it (`DeliverCommand`).
let arguments = Array(CommandLine.arguments.dropFirst())
// The one slow step of `token` is the keyring, of `auth-desktop URI` the session bus: connect to it
// first, while the language, parsing, configuration and the store run (docs/benchmarks.md).
// `token` asks the token agent when it is installed (`TokenAgentClient`), and otherwise connects to the
// keyring itself.
if arguments.first == "token" {
  if !TokenAgentClient.startEarly(for: arguments) { SecretServiceStore.prefetchConnection() }
} else if DeliverCommand.matches(arguments) {
  RedirectForwarding.prefetchConnection()
}
// Then the language of every message (po/, README "Translations"); JSON, for programs, stays English.
L10n.setUp(translating: !arguments.contains("--json"))
signal(SIGPIPE, SIG_IGN)  // A closed stdout is an error on write (see `Output.line`), not the end.
let hasDisplay = DisplayEnvironment.hasDisplay(ProcessInfo.processInfo.environment)
if arguments.isEmpty && !hasDisplay {
  Output.errorLine(
    "auth-desktop: " + tr("the window needs a display (DISPLAY or WAYLAND_DISPLAY); see “auth-desktop --help”."))
  exit(2)
}
if arguments.isEmpty {
  WindowExecutable.replaceProcess(arguments: arguments)
}

// The subcommands (swift-argument-parser), and `auth-desktop URI`. Parsed once: the first parse of a
// process is its costliest step before any work (the runtime's first dynamic casts; docs/benchmarks.md).
CLIContext.startEarly(for: arguments)
let root: any ParsableCommand.Type = DeliverCommand.matches(arguments) ? DeliverCommand.self : AuthDesktopCommand.self
do {
  let command = try root.parseAsRoot(arguments)
  if hasDisplay, command is AuthDesktopCommand {
    WindowExecutable.replaceProcess(arguments: arguments)  // Only global options: the window.
  }
  if let runnable = command as? any CLICommand {
    try await runnable.execute()
  } else {
    var builtIn = command  // `help SUBCOMMAND`
    try builtIn.run()
  }
} catch {
  root.exit(withError: error)
}
