import ArgumentParser

// The command line (swift-argument-parser). `auth-desktop URI` is told apart from the subcommands here
// (see `DeliverCommand`); with no subcommand and no URI it will open the window.
let arguments = Array(CommandLine.arguments.dropFirst())
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
