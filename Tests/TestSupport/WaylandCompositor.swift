import Foundation
import Testing

/// A Wayland display of a test's own: mutter, headless (a virtual monitor, no GPU, no X11), with a
/// session bus of its own (`PrivateSessionBus`: mutter needs one) whose runtime dir holds the display's
/// socket. mutter logs where it places each window (`MUTTER_DEBUG=placement`, `log`): a dialog whose
/// parent it knows, and which is modal, is "Centered … over transient parent". mutter:
/// scripts/lib/packages.sh.
public final class WaylandCompositor: @unchecked Sendable {
  /// The display's socket, an absolute path: `WAYLAND_DISPLAY` for the test's clients.
  public let socket: String
  private let bus: PrivateSessionBus
  private let mutter: Process
  private let logFile: URL

  /// Starts mutter and waits for its socket.
  public static func start() async throws -> WaylandCompositor {
    let bus = try await PrivateSessionBus.start(environment: [:])
    do {
      return try await WaylandCompositor(bus: bus)
    } catch {
      bus.stop()
      throw error
    }
  }

  private init(bus: PrivateSessionBus) async throws {
    guard let runtime = bus.clientEnvironment["XDG_RUNTIME_DIR"] else { throw WaylandCompositorError(log: "") }
    socket = runtime + "/wayland-test"
    logFile = URL(fileURLWithPath: runtime).appendingPathComponent("mutter.log")
    _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
    let mutter = Process()
    mutter.executableURL = URL(fileURLWithPath: "/usr/bin/mutter")
    mutter.arguments = [
      "--headless", "--wayland", "--no-x11", "--virtual-monitor", "1024x768", "--wayland-display=wayland-test",
    ]
    var environment = ProcessInfo.processInfo.environment.merging(bus.clientEnvironment) { $1 }
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    environment["MUTTER_DEBUG"] = "placement"
    mutter.environment = environment
    mutter.standardInput = FileHandle.nullDevice
    mutter.standardOutput = try FileHandle(forWritingTo: logFile)
    mutter.standardError = try FileHandle(forWritingTo: logFile)
    try mutter.run()
    self.bus = bus
    self.mutter = mutter
    let socket = self.socket
    try await Poll.until("mutter's Wayland socket", within: .seconds(60)) {
      guard mutter.isRunning else { throw WaylandCompositorError(log: log) }
      return FileManager.default.fileExists(atPath: socket)
    }
  }

  /// What mutter printed (its placement log).
  public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

  /// How many windows mutter centered over their transient parent so far.
  public var centeredOverParent: Int {
    log.split(separator: "\n").filter { $0.contains("over transient parent") }.count
  }

  /// Ends mutter (SIGKILL: see `PrivateSessionBus.stop`) and its bus.
  public func stop() {
    if mutter.isRunning {
      kill(mutter.processIdentifier, SIGKILL)
      mutter.waitUntilExit()
    }
    bus.stop()
  }

  deinit { stop() }
}

public struct WaylandCompositorError: Error, CustomStringConvertible {
  let log: String
  public var description: String { "mutter ended before its socket was there:\n" + String(log.suffix(2000)) }
}
