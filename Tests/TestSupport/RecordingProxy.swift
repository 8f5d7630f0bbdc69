import Foundation

/// `Tests/Servers/recording_proxy.py`: a minimal HTTP proxy that logs each request line, or with
/// `silent` a listener that accepts and never answers (for timeouts). It exits when `stdin` closes.
public struct RecordingProxy {
  public let port: Int
  public let log: URL
  public let process: Process
  public let stdin: Pipe

  public static func start(silent: Bool = false) throws -> RecordingProxy {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    let python =
      ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_PYTHON"]
      ?? TestServers.repositoryRoot.appendingPathComponent(".venv/bin/python").path
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments =
      [TestServers.repositoryRoot.appendingPathComponent("Tests/Servers/recording_proxy.py").path, log.path]
      + (silent ? ["--silent"] : [])
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = stdout.fileHandleForReading.readFirstLine()
    guard line.contains(UInt8(ascii: "\n")) else { throw TestSetupError("recording_proxy.py did not start") }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TestSetupError("recording_proxy.py printed no port")
    }
    return RecordingProxy(port: port, log: log, process: process, stdin: stdin)
  }

  /// The request lines it saw.
  public func seen() throws -> String { try String(contentsOf: log, encoding: .utf8) }
}
