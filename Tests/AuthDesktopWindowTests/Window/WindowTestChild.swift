import AuthDesktopApp
import AuthDesktopKit
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// Bodies and helpers of the window tests' child processes. `run(savingTo:)` runs the application
/// and, from a `GLibMainActor` task, waits for its window to map and its transitions to end, saves it as
/// a PNG and quits the application. A failure ends the process through `fail`, which leaves its message in a
/// file for the parent (`#expect(processExitsWith:)` returns no result when the child fails).
enum WindowTestChild {
  static let logVariable = "AUTH_DESKTOP_TEST_CHILD_LOG"

  /// Where the children save their PNGs: `$AUTH_DESKTOP_SCREENSHOT_DIR`, default a temp dir.
  static let screenshotDirectory: String =
    ProcessInfo.processInfo.environment["AUTH_DESKTOP_SCREENSHOT_DIR"]
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-screenshots").path

  /// The path of the screenshot `file` in `screenshotDirectory`, which is made first: suites run in any
  /// order, so none may count on another one having made it.
  static func screenshotPath(_ file: String) throws -> String {
    try FileManager.default.createDirectory(atPath: screenshotDirectory, withIntermediateDirectories: true)
    return "\(screenshotDirectory)/\(file)"
  }

  /// In the parent: a fresh path for a child's failure message; the child gets it through a capture
  /// and calls `logFailures(to:)` first.
  static func newLog() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-window-\(UUID().uuidString).log").path
  }

  static func logFailures(to path: String) { setenv(logVariable, path, 1) }

  /// In the child: with no session bus in the environment, GIO would autolaunch one through
  /// `dbus-launch` on the X display, and it would outlive the test. Point GIO at a bus that does not
  /// exist instead: the application then runs non-unique, as on a machine without a bus.
  static func preventBusAutolaunch() {
    setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/auth-desktop-tests-no-bus", 0)
  }

  /// In the parent, after the exit test: records the child's failure message, if it left one.
  static func reportFailure(loggedAt path: String) {
    if let message = try? String(contentsOfFile: path, encoding: .utf8) { Issue.record("child: \(message)") }
    try? FileManager.default.removeItem(atPath: path)
  }

  /// In the child: reports `message` (standard error and the log file) and exits with status 3.
  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    if let path = ProcessInfo.processInfo.environment[logVariable] {
      try? message.write(toFile: path, atomically: true, encoding: .utf8)
    }
    exit(3)
  }

  static func run(savingTo path: String) -> Int32 {
    preventBusAutolaunch()
    // Enqueued on the GLib default main context now, run once `WindowApplication.run` iterates it.
    Task { @GLibMainActor in await capture(to: path) }
    return WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel())
  }

  @GLibMainActor static func capture(to path: String) async {
    do {
      let window = try await mappedWindow(within: .seconds(20))
      try await settled(window)
      try WindowSnapshot.savePNG(of: window, to: path)
      g_application_quit(g_application_get_default())
    } catch {
      fail("screenshot of \(path) failed: \(error)")
    }
  }

  /// Polls until the window's stack shows `page`.
  @GLibMainActor static func waitForPage(_ page: String, in window: Widget, within limit: Duration) async throws {
    try await Poll.until("page \(page)", within: limit, every: .milliseconds(50)) {
      WidgetTree.visiblePage(of: window) == page
    }
  }

  /// Polls until `widget` can be photographed as a person sees it: mapped, laid out with a size, drawn
  /// once by its frame clock, with a renderer, and no stack in it mid-transition (which a snapshot would
  /// catch half-drawn).
  @GLibMainActor static func settled(_ widget: Widget) async throws {
    try await Poll.until("the window drawn and its transitions ended", within: .seconds(60), every: .milliseconds(50)) {
      guard gtk_widget_get_mapped(widget) != 0, gtk_widget_get_width(widget) > 0, gtk_widget_get_height(widget) > 0,
        let native = gtk_widget_get_native(widget), gtk_native_get_renderer(native) != nil,
        let clock = gtk_widget_get_frame_clock(widget), gdk_frame_clock_get_frame_counter(clock) > 0
      else { return false }
      return !WidgetTree.all(under: widget).contains {
        WidgetTree.isA($0, gtk_stack_get_type()) && gtk_stack_get_transition_running(OpaquePointer($0)) != 0
      }
    }
  }

  /// The application's active window once it is mapped (polled: the task may start before `activate`).
  @GLibMainActor static func mappedWindow(within limit: Duration) async throws -> UnsafeMutablePointer<GtkWidget> {
    try await Poll.value("a mapped window", within: limit, every: .milliseconds(50)) {
      guard let application = g_application_get_default(),
        let window = gtk_application_get_active_window(
          UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self)),
        gtk_widget_get_mapped(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)) != 0
      else { return nil }
      return UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)
    }
  }
}
