import Foundation
import Logging

/// Collects every log line (message and metadata) so tests can prove no secret is logged.
final class LogCapture: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  var all: [String] { lock.withLock { lines } }

  func append(_ line: String) { lock.withLock { lines.append(line) } }

  func logger() -> Logger {
    var logger = Logger(label: "test") { _ in CapturingHandler(capture: self) }
    logger.logLevel = .trace
    return logger
  }
}

struct CapturingHandler: LogHandler {
  let capture: LogCapture
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    let merged = metadata.merging(event.metadata ?? [:]) { $1 }
    capture.append(
      "\(event.level) \(event.message) \(merged.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))")
  }
}
