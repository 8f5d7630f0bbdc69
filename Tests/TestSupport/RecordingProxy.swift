import Foundation

/// `Tests/Servers/recording_proxy.py`: a minimal HTTP proxy that logs each request line, or with
/// `silent` a listener that accepts and never answers (for timeouts). It exits when `stdin` closes.
public struct RecordingProxy: @unchecked Sendable {
  public let port: Int
  public let log: URL
  public let process: Process
  public let stdin: Pipe

  public static func start(silent: Bool = false) throws -> RecordingProxy {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let script = try ServerScript.start(
      "recording_proxy.py", [log.path] + (silent ? ["--silent"] : []), errors: FileHandle.nullDevice)
    let line = script.firstLine
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw TestSetupError("recording_proxy.py printed no port")
    }
    return RecordingProxy(port: port, log: log, process: script.process, stdin: script.stdin)
  }

  /// The request lines it saw.
  public func seen() throws -> String { try String(contentsOf: log, encoding: .utf8) }
}
