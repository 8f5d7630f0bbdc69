import Foundation

/// What a test reads of a child process it runs to its end, with two bounds, so that no test waits
/// forever (docs/CONTRIBUTING.md, "When a test run does not end"):
/// - after `limit` the process is killed and `Overran` is thrown;
/// - once the process has ended, its pipes are read for one more second only: a process it started and
///   left running may hold them open for as long as it lives.
/// Blocking: call it off the cooperative pool (`offThePool`).
public enum ProcessOutput {
  public struct Overran: Error, CustomStringConvertible {
    public let description: String
  }

  /// Reads `outputs` (the read ends of `process`'s output pipes, in that order) until each is closed or
  /// the bounds above end it, and waits for `process` (already started) to end.
  public static func collect(
    _ process: Process, outputs: [FileHandle], within limit: Duration, what: @autoclosure () -> String
  ) throws -> [Data] {
    var read = Array(repeating: Data(), count: outputs.count)
    var open = Array(outputs.indices)
    let start = ContinuousClock.now
    var ended: ContinuousClock.Instant?
    var overran = false
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !open.isEmpty {
      if ended == nil, !process.isRunning { ended = .now }
      if let ended, ContinuousClock.now - ended > .seconds(1) { break }
      if !overran, ContinuousClock.now - start > limit {
        kill(process.processIdentifier, SIGKILL)
        overran = true
      }
      var polled = open.map { pollfd(fd: outputs[$0].fileDescriptor, events: Int16(POLLIN), revents: 0) }
      guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
      var closed: [Int] = []
      for (index, entry) in zip(open, polled) where entry.revents != 0 {
        let count = Foundation.read(entry.fd, &buffer, buffer.count)
        if count > 0 {
          read[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          closed.append(index)
        }
      }
      open.removeAll { closed.contains($0) }
    }
    process.waitUntilExit()
    if overran {
      throw Overran(description: "\(what()) did not end within \(limit) and was killed")
    }
    return read
  }
}
