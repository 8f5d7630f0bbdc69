import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The signed-in page at the window's narrowest width (480 px) with another account whose email is 60
/// characters long, in a child process (no session bus: a non-unique instance): the row's title and
/// subtitle each keep one line, the email is ellipsized rather than wrapped mid-word, and the row's
/// tooltip has it whole. Saves `window-accounts-long-email.png`.
@Suite struct WindowAccountRowLayoutTests {
  /// 60 characters, no space to wrap at.
  static let longEmail = "augusta.ada.king.countess.of.lovelace@analytical-engine.test"

  @Test func aLongEmailIsEllipsizedOnOneLine() async throws {
    try #require(ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs DISPLAY: run scripts/test")
    #expect(Self.longEmail.count == 60)
    let path = try WindowTestChild.screenshotPath("window-accounts-long-email.png")
    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success) { [path = path as String, log = log as String] in
      WindowTestChild.logFailures(to: log)
      unsetenv("DBUS_SESSION_BUS_ADDRESS")
      WindowTestChild.preventBusAutolaunch()
      Task { @GLibMainActor in await AccountRowLayoutChild.check(savingTo: path) }
      exit(
        WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel(state: .signedIn(.twoAccounts))))
    }
    WindowTestChild.reportFailure(loggedAt: log)
  }
}

extension AccountSummary {
  /// The preview's Ada, with a second account whose email is `WindowAccountRowLayoutTests.longEmail`.
  fileprivate static var twoAccounts: AccountSummary {
    var summary = PreviewWindowModel.account
    var other = summary.account
    (other.uid, other.displayName, other.email) = ("Zx8", nil, WindowAccountRowLayoutTests.longEmail)
    other.providerData = [
      UserInfo(
        providerID: "github.com", uid: "7", email: other.email, displayName: nil, photoURL: nil)
    ]
    summary.others = [OtherAccount(other)]
    return summary
  }
}

@GLibMainActor
enum AccountRowLayoutChild {
  static func check(savingTo path: String) async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      try await WindowTestChild.settled(window)
      // The window's default width: 480 px with its frame.
      if gtk_widget_get_width(window) > 480 {
        WindowTestChild.fail("the window is \(gtk_widget_get_width(window)) wide")
      }
      let email = WindowAccountRowLayoutTests.longEmail
      let rows = WidgetTree.all(under: window).filter {
        WidgetTree.isA($0, adw_action_row_get_type()) && gtk_widget_get_mapped($0) != 0
          && (gtk_widget_get_tooltip_text($0).map { String(cString: $0) }?.contains(email) ?? false)
      }
      // The other account's row: the email as its title, its provider as the subtitle.
      guard let row = rows.first(where: { tooltip($0) == "\(email)\nGitHub" }) else {
        WindowTestChild.fail("no row of \(email) with the full text as its tooltip: \(rows.map(tooltip))")
      }
      let labels = WidgetTree.all(under: row).filter {
        WidgetTree.isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0
      }
      guard let title = labels.first(where: { text($0) == email }) else {
        WindowTestChild.fail("the row has no title \(email): \(labels.map(text))")
      }
      let layout = gtk_label_get_layout(OpaquePointer(title))
      if pango_layout_is_ellipsized(layout) == 0 { WindowTestChild.fail("the email is not ellipsized") }
      for label in labels where !text(label).isEmpty {
        let lines = pango_layout_get_line_count(gtk_label_get_layout(OpaquePointer(label)))
        if lines != 1 { WindowTestChild.fail("“\(text(label))” takes \(lines) lines") }
      }
      // The picture shows the list: the page scrolled to its end, and drawn so.
      if let scroller = WidgetTree.all(under: window).first(where: {
        WidgetTree.isA($0, gtk_scrolled_window_get_type()) && gtk_widget_is_ancestor(row, $0) != 0
      }), let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scroller)),
        let clock = gtk_widget_get_frame_clock(window)
      {
        gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
        gtk_widget_queue_draw(window)
        let frame = gdk_frame_clock_get_frame_counter(clock)
        try await Poll.until("the page drawn scrolled", within: .seconds(60), every: .milliseconds(50)) {
          gdk_frame_clock_get_frame_counter(clock) > frame + 1
        }
      }
      try WindowSnapshot.savePNG(of: window, to: path)
      g_application_quit(g_application_get_default())
    } catch {
      WindowTestChild.fail("account row layout: \(error)")
    }
  }

  static func text(_ label: Widget) -> String { String(cString: gtk_label_get_text(OpaquePointer(label))) }

  static func tooltip(_ widget: Widget) -> String {
    gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } ?? ""
  }
}
