import AuthDesktopApp
import AuthDesktopKit
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
  /// (button to click, page expected afterwards, whether that page then says what is wrong with the
  /// form). "Sign in" and "Create account" with empty fields fail on their own form, which stays.
  static let steps: [(String, String, Bool)] = [
    ("Continue with GitHub", "waiting", false), ("Cancel", "signed-out", false), ("Sign in", "signed-out", true),
    ("Create account", "sign-up", false), ("Create account", "sign-up", true), ("Back", "signed-out", false),
    ("Continue with X (Twitter)", "waiting", false), ("Cancel", "signed-out", false),
  ]

  static func clickThrough() async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      for (label, page, problem) in steps {
        guard let button = WidgetTree.button(label, in: window) else {
          WindowTestChild.fail("window interaction: no button \(label)")
        }
        let shown = problemShown(in: window)
        // A keyboard-style activation: GtkButton shows itself pressed for 250 ms, then emits `clicked`.
        gtk_widget_activate(button)
        do {
          try await Poll.until("after \(label): page \(page)", within: .seconds(60), every: .milliseconds(50)) {
            WidgetTree.visiblePage(of: window) == page && (!problem || problemShown(in: window) > shown)
          }
        } catch {
          let visible = WidgetTree.visiblePage(of: window) ?? "none"
          WindowTestChild.fail("window interaction: after \(label): page \(visible), expected \(page)")
        }
      }
      g_application_quit(g_application_get_default())
    } catch {
      WindowTestChild.fail("window interaction: \(error)")
    }
  }

  /// How many form problems (`error` labels) the window shows.
  static func problemShown(in window: Widget) -> Int {
    WidgetTree.all(under: window).count {
      WidgetTree.isA($0, gtk_label_get_type()) && gtk_widget_has_css_class($0, "error") != 0
        && gtk_widget_get_mapped($0) != 0
    }
  }
}
