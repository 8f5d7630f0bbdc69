import Foundation

/// A session of a test's own: a bus (`dbus-daemon --session`) started with `environment` so that it looks
/// for services to activate where that environment's `XDG_DATA_HOME` says (`dbus-1/services`), and a
/// runtime dir (`XDG_RUNTIME_DIR`) for the bus, what it starts
/// and the test's processes. Processes reach it with `environment` merged with both
/// (`clientEnvironment`). The bus's socket and the runtime dir are one folder of its own (mode 0700),
/// removed with it.
public final class PrivateSessionBus: @unchecked Sendable {
  public let address: String
  public let clientEnvironment: [String: String]
  private let daemon: Process
  private let folder: URL

  /// Starts the bus; waiting for its address is blocking, so it is done off the cooperative pool.
  public static func start(environment: [String: String]) async throws -> PrivateSessionBus {
    try await offThePool { try PrivateSessionBus(environment: environment) }
  }

  private init(environment: [String: String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("auth-bus-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let session = ["XDG_RUNTIME_DIR": folder.path]
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    daemon.arguments = [
      "--session", "--nofork", "--print-address=1", "--address=unix:path=\(folder.path)/bus",
    ]
    daemon.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }.merging(session) { $1 }
    let output = Pipe()
    daemon.standardInput = FileHandle.nullDevice
    daemon.standardOutput = output
    // What the bus and the services it starts print on stderr (`log`): a test shows it when a service failed it.
    let log = folder.appendingPathComponent("bus.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    daemon.standardError = try FileHandle(forWritingTo: log)
    try daemon.run()
    let line = output.fileHandleForReading.read(until: { $0.contains(UInt8(ascii: "\n")) }, after: Data())
    guard let address = String(decoding: line, as: UTF8.self).split(separator: "\n").first, !address.isEmpty else {
      kill(daemon.processIdentifier, SIGKILL)
      try? FileManager.default.removeItem(at: folder)
      throw PrivateSessionBusError(description: "dbus-daemon printed no address")
    }
    self.daemon = daemon
    self.folder = folder
    self.address = String(address)
    clientEnvironment = environment.merging(session) { $1 }.merging(["DBUS_SESSION_BUS_ADDRESS": String(address)]) {
      $1
    }
  }

  /// Ends the bus (and with it every connection to it). SIGKILL, as `PrivateDisplay.close()` explains:
  /// the daemon inherits a signal mask where SIGTERM is blocked.
  /// The end of what the bus and the services it started printed on stderr (empty once stopped).
  public var log: String {
    let text = (try? String(contentsOf: folder.appendingPathComponent("bus.log"), encoding: .utf8)) ?? ""
    return String(text.suffix(4000))
  }

  public func stop() {
    if daemon.isRunning {
      kill(daemon.processIdentifier, SIGKILL)
      daemon.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  deinit { stop() }
}

public struct PrivateSessionBusError: Error, CustomStringConvertible {
  public let description: String
}
