import ArgumentParser
import Foundation

// `auth-desktop` with no arguments is the window; for now only its preview (fixed data, for screenshots)
// is wired: `AUTH_DESKTOP_PREVIEW_PAGE=signed-out auth-desktop`. GTK takes the main thread here, in
// synchronous code, before any command runs.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty, ProcessInfo.processInfo.environment[WindowApplication.previewPageVariable] != nil {
  exit(WindowApplication.run(arguments: [CommandLine.arguments[0]], model: PreviewWindowModel()))
}

// The command line (swift-argument-parser). `auth-desktop URI` is told apart from the subcommands here
// (see `DeliverCommand`).
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
