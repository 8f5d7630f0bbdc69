import Foundation
import Testing

/// Windows of the tests' X display (`DISPLAY`, Xvfb) as another app and the window manager see them:
/// an app's window of the test's own (xmessage), a window found by its title (xdotool), and the window
/// its `WM_TRANSIENT_FOR` names (xprop). x11-utils and xdotool: scripts/lib/packages.sh.
public enum X11Windows {
  /// An xmessage window titled `title`, and its XID once it exists. Kill the process to close it.
  public static func open(title: String) async throws -> (process: Process, xid: UInt32) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xmessage")
    process.arguments = ["-title", title, "the app's window"]
    try process.run()
    do {
      return (process, try await window(named: NSRegularExpression.escapedPattern(for: title)))
    } catch {
      kill(process.processIdentifier, SIGKILL)
      throw error
    }
  }

  /// The X window whose `WM_NAME` matches `pattern` (xdotool's regular expression), once there is one.
  public static func window(named pattern: String) async throws -> UInt32 {
    try await Poll.value("a window named \(pattern)", within: .seconds(60)) {
      let found = try await Tool.run("xdotool", ["search", "--name", pattern], errors: false)
      return found.output.split(separator: "\n").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces)) }.first
    }
  }

  /// The window that `WM_TRANSIENT_FOR` of `xid` names, nil when it has none.
  public static func transientFor(_ xid: UInt32) async throws -> UInt32? {
    // "WM_TRANSIENT_FOR(WINDOW): window id # 0x1600009", or "WM_TRANSIENT_FOR:  not found."
    let property = try await Tool.run("xprop", ["-id", identifier(xid), "WM_TRANSIENT_FOR"], errors: false)
    guard let value = property.output.split(separator: "#").dropFirst().first else { return nil }
    let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : nil
  }

  /// `0x` and the XID in hexadecimal, as `x11:` identifiers and xprop write it.
  public static func identifier(_ xid: UInt32) -> String { "0x" + String(xid, radix: 16) }
}
