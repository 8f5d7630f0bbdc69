import Foundation

/// Runs a program from PATH (`gdbus`, `xdg-mime`, `gio` …), or at a path, and returns its status and its
/// output: stdout and stderr combined, or stdout alone (`errors: false`, stderr discarded). It is killed
/// after `limit` (`ProcessOutput`).
public enum Tool {
  public static func run(
    _ name: String, _ arguments: [String], environment: [String: String] = [:], errors: Bool = true,
    within limit: Duration = .seconds(120)
  ) async throws -> (status: Int32, output: String) {
    try await offThePool {
      try runBlocking(name, arguments, environment: environment, errors: errors, within: limit)
    }
  }

  private static func runBlocking(
    _ name: String, _ arguments: [String], environment: [String: String], errors: Bool, within limit: Duration
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = pipe
    process.standardError = errors ? pipe : FileHandle.nullDevice
    try process.run()
    let read = try ProcessOutput.collect(
      process, outputs: [pipe.fileHandleForReading], within: limit, what: "\(name) \(arguments)")
    return (process.terminationStatus, String(decoding: read[0], as: UTF8.self))
  }

  /// Whether `name` has an owner on the session bus (`org.freedesktop.DBus.NameHasOwner`).
  public static func sessionBusNameHasOwner(_ name: String) async -> Bool {
    let result = try? await run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
        "org.freedesktop.DBus.NameHasOwner", name,
      ])
    return result?.output.contains("true") == true
  }
}
