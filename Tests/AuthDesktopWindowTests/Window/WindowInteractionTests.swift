import AuthDesktopKit
import AuthDesktopShared
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// Clicks through the preview window in a child process: each button goes to the page the preview
/// model leads to, through the real signal connections, `GLibMainActor` and the `GtkStack`.
@Suite struct WindowInteractionTests {
  @Test func buttonsSwitchPages() async throws {
    try #require(
      !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
      "DISPLAY is not set: the window tests need an X display (scripts/test starts Xvfb).")
    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success) { [log = log as String] in
      WindowTestChild.logFailures(to: log)
      WindowTestChild.preventBusAutolaunch()
      setenv(WindowApplication.previewPageVariable, "signed-out", 1)
      Task { @GLibMainActor in await InteractionChild.clickThrough() }
      exit(WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel()))
    }
    WindowTestChild.reportFailure(loggedAt: log)
  }
}

@GLibMainActor
enum InteractionChild {
  /// (button to click, page expected afterwards).
  /// "Sign in" and "Create account" with empty fields fail on their own form, which stays.
  static let steps: [(String, String)] = [
    ("Continue with GitHub", "waiting"), ("Cancel", "signed-out"), ("Sign in", "signed-out"),
    ("Create account", "sign-up"), ("Create account", "sign-up"), ("Back", "signed-out"),
    ("Continue with X (Twitter)", "waiting"), ("Cancel", "signed-out"),
  ]

  static func clickThrough() async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      for (label, page) in steps {
        guard let button = WidgetTree.button(label, in: window) else {
          WindowTestChild.fail("window interaction: no button \(label)")
        }
        // A keyboard-style activation: GtkButton shows itself pressed for 250 ms, then emits `clicked`.
        gtk_widget_activate(button)
        try await Task.sleep(for: .milliseconds(400))
        let visible = WidgetTree.visiblePage(of: window)
        guard visible == page else {
          WindowTestChild.fail("window interaction: after \(label): page \(visible ?? "none"), expected \(page)")
        }
      }
      g_application_quit(g_application_get_default())
    } catch {
      WindowTestChild.fail("window interaction: \(error)")
    }
  }

}
