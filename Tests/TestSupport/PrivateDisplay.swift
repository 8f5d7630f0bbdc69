import Foundation
import Testing

/// An X display of a test's own — an Xvfb started with `-displayfd`, as scripts/test starts the shared
/// one — with the openbox window manager on it, so that focus and stacking (`_NET_ACTIVE_WINDOW`,
/// `_NET_CLIENT_LIST_STACKING`) exist without changing the display every other window test uses.
public final class PrivateDisplay: @unchecked Sendable {
  /// `:N`.
  public let name: String
  private let server: Process
  private let windowManager: Process
  private let folder: URL

  /// Starts Xvfb, then openbox, and returns once openbox manages the screen
  /// (`_NET_SUPPORTING_WM_CHECK` on the root window).
  public init() async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("display-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let number = folder.appendingPathComponent("display")
    // `-displayfd` writes the number Xvfb chose once it accepts connections; the shell gives it fd 3.
    server = Process()
    server.executableURL = URL(fileURLWithPath: "/bin/sh")
    server.arguments = [
      "-c", "exec Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>\"$0\"", number.path,
    ]
    server.standardInput = FileHandle.nullDevice
    server.standardOutput = FileHandle.nullDevice
    server.standardError = FileHandle.nullDevice
    try server.run()
    let server = server
    let chosen = try await Poll.value("Xvfb to choose a display") { () -> String? in
      guard server.isRunning else { return nil }
      let text = (try? String(contentsOf: number, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
      return text?.isEmpty == false ? text : nil
    }
    name = ":\(chosen)"
    windowManager = Process()
    windowManager.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    windowManager.arguments = ["openbox", "--sm-disable"]
    windowManager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
    windowManager.standardInput = FileHandle.nullDevice
    windowManager.standardOutput = FileHandle.nullDevice
    windowManager.standardError = FileHandle.nullDevice
    try windowManager.run()
    let display = name
    try await Poll.until("openbox to manage \(display)") {
      try await Tool.run("xprop", ["-display", display, "-root", "_NET_SUPPORTING_WM_CHECK"]).output.contains(
        "window id")
    }
  }

  /// The X window id of `_NET_ACTIVE_WINDOW` (nil when none).
  public func activeWindow() async throws -> UInt32? {
    try await rootWindows("_NET_ACTIVE_WINDOW").first
  }

  /// `_NET_CLIENT_LIST_STACKING`: the managed windows, bottom to top.
  public func stacking() async throws -> [UInt32] { try await rootWindows("_NET_CLIENT_LIST_STACKING") }

  /// The mapped top-level windows of process `pid` (by `_NET_WM_PID`, which GTK sets).
  public func windows(of pid: Int32) async throws -> [UInt32] {
    try await search(["--pid", String(pid)])
  }

  /// The mapped top-level windows whose `WM_CLASS` is `windowClass` (for programs that set no
  /// `_NET_WM_PID`, such as xmessage).
  public func windows(ofClass windowClass: String) async throws -> [UInt32] {
    try await search(["--class", windowClass])
  }

  func search(_ criteria: [String]) async throws -> [UInt32] {
    let result = try await Tool.run("xdotool", ["search", "--onlyvisible"] + criteria, environment: ["DISPLAY": name])
    return result.output.split(separator: "\n").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces)) }
  }

  /// A window property of the root window that lists window ids (`xprop -root PROPERTY`).
  func rootWindows(_ property: String) async throws -> [UInt32] {
    let output = try await Tool.run("xprop", ["-display", name, "-root", property]).output
    guard let value = output.split(separator: "#").last else { return [] }
    return value.split(separator: ",").compactMap {
      let hex = $0.trimmingCharacters(in: .whitespacesAndNewlines)
      return hex.hasPrefix("0x") ? UInt32(hex.dropFirst(2), radix: 16) : nil
    }
  }

  /// Ends openbox and Xvfb (only these two processes) and removes the display's lock and socket.
  /// SIGKILL: children of the test process inherit the signal mask of the thread that started them,
  /// where SIGTERM is blocked (measured: openbox ignored it).
  public func close() {
    for process in [windowManager, server] where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let number = name.dropFirst()
    try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
    try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    try? FileManager.default.removeItem(at: folder)
  }
}
