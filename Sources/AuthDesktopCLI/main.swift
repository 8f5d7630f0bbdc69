import ArgumentParser
import AuthDesktopApp
import CIntl
import Foundation

// `auth-desktop-cli`, the command line, which `auth-desktop` starts for any arguments (with none it
// starts the window, `auth-desktop-window`, itself); it never loads GTK. The command line is read once,
// by swift-argument-parser: the subcommands, with no subcommand the window (`AuthDesktopCommand`, with
// only global options: `auth-desktop --emulator`), and `auth-desktop URI` (what the desktop runs for a
// custom-scheme redirect, `DeliverCommand`).

// One malloc arena for every thread, set before any starts: the command runs on the concurrency pool's
// threads, and glibc grows a thread's own arena one `mprotect` call at a time (130 of them to list 1,000
// users), the main one 128 KiB at a time (docs/benchmarks.md, "Listing 1,000 signed-in users").
mallopt(M_ARENA_MAX, 1)
L10n.setUp()  // Every message's language (po/, docs/CONTRIBUTING.md, "Translations"); `--json` keeps English.
signal(SIGPIPE, SIG_IGN)  // A closed stdout is an error on write (see `Output.line`), not the end.
let arguments = Array(CommandLine.arguments.dropFirst())
// A root command with both subcommands and a positional argument does not parse reliably, so a URI has
// a command of its own.
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
