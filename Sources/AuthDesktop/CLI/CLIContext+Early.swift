import AuthDesktopShared
import AuthEngine
import Foundation
import Synchronization

/// The context made early: a command that starts by reading the store (`status`, `token`…) with the
/// default configuration and data dir gets its context built on another thread while
/// swift-argument-parser parses the command line on this one (the two are the largest steps of such
/// a command's start; docs/benchmarks.md). Parsing still decides: the early context is used only when
/// the parsed global options are the defaults it was made with, and its error is the one the command
/// would have met.
extension CLIContext {
  /// The subcommands whose first step is `CLIContext(globals)`.
  static let readingCommands: Set<String> = ["status", "token", "id-token", "providers", "methods"]

  private static let early = Mutex<Task<CLIContext, any Error>?>(nil)

  /// Starts making the default context when `arguments` name a reading command and no global option
  /// that changes it (`--config`, `--data-dir`, `--emulator`); `CLIContext(globals)` then takes it.
  static func startEarly(for arguments: [String]) {
    // With the token agent asked, the context is made only if it has no answer.
    guard let command = arguments.first, readingCommands.contains(command), !TokenAgentClient.isAsking,
      !GlobalOptions.changeContext(arguments)
    else { return }
    let paths = ConfigurationPaths(environment: ProcessInfo.processInfo.environment)
    let task = Task.detached { try await CLIContext(paths: paths, emulator: false) }
    early.withLock { $0 = task }
  }

  /// The early context, once: nil when none was started.
  static func takeEarlyContext() -> Task<CLIContext, any Error>? {
    early.withLock { task in
      defer { task = nil }
      return task
    }
  }
}

extension GlobalOptions {
  /// No `--config`, `--data-dir` or `--emulator`: the context `CLIContext.startEarly` makes.
  var usesDefaults: Bool { config == nil && dataDir == nil && !emulator }

  /// Whether a command line, before it is parsed, names `--config`, `--data-dir` or `--emulator` (before
  /// any `--`): the look-aheads (`CLIContext.startEarly`, `TokenAgentClient.startEarly`) then leave
  /// the command to start as parsed.
  static func changeContext(_ arguments: [String]) -> Bool {
    arguments.prefix { $0 != "--" }.contains { argument in
      ["--config", "--data-dir", "--emulator"].contains { argument == $0 || argument.hasPrefix($0 + "=") }
    }
  }
}
