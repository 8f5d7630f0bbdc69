import ArgumentParser

/// Every command: `execute()` is the work. `main.swift` calls it directly on the parsed command,
/// because calling `run()` on an `any AsyncParsableCommand` from this module picks the synchronous
/// requirement (which only prints the help) — measured with swift-argument-parser 1.8.2 and Swift 6.3.
protocol CLICommand: AsyncParsableCommand {
  func execute() async throws
}

extension CLICommand {
  func run() async throws { try await execute() }
}
