import Foundation

/// A script of `Tests/Servers` run with the tests' Python (`$AUTH_DESKTOP_TEST_PYTHON`, else the
/// repository's `.venv`), its stdin a pipe held here (the script exits when it closes), and the first
/// line it printed (its ready line).
public struct ServerScript: @unchecked Sendable {
  public let process: Process
  public let stdin: Pipe
  public let firstLine: Data

  public static func start(_ name: String, _ arguments: [String], errors: FileHandle) throws -> ServerScript {
    let python =
      ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_PYTHON"]
      ?? TestServers.repositoryRoot.appendingPathComponent(".venv/bin/python").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [TestServers.repositoryRoot.appendingPathComponent("Tests/Servers/\(name)").path] + arguments
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = errors
    try process.run()
    let line = stdout.fileHandleForReading.readFirstLine()
    guard line.contains(UInt8(ascii: "\n")) else { throw TestSetupError("\(name) did not start") }
    return ServerScript(process: process, stdin: stdin, firstLine: line)
  }
}
