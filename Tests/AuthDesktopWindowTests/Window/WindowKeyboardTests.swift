import AuthDesktopApp
import AuthDesktopKit
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The real window from the keyboard and for assistive technologies, over AT-SPI: where the focus
  /// lands after a sign-in, F10, the names of libadwaita's own controls (a toast's, About's), and
  /// where a toast sits.
  @Suite(.serialized) struct WindowKeyboardTests {
    /// After a sign-in no account action has the focus: a stray Enter signs nobody out.
    @Test func aStrayEnterAfterSigningInDoesNothing() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        try await WindowAccountTests.signUp(in: session)
        let focused = try await window.focused()
        #expect(focused?.role != "push button", "the focus is on \(String(describing: focused))")
        try await window.press("Return")
        // F10 after Enter: once its menu shows, the Enter before it has been handled.
        try await window.press("F10")
        try await window.waitUntil("the main menu") { $0.contains { $0.name == WindowText.about } }
        #expect(await window.shows("label", WindowAccountTests.email))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
      }
    }

    /// F10 opens the main menu; About's buttons (its pages' "Back", "Copy Text") and a toast's close
    /// button have names: none reads as a GTK class or holds a mnemonic's underscore or its label twice.
    @Test func f10OpensTheMenuAndLibadwaitasControlsHaveNames() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        try await WindowAccountTests.signUp(in: session)
        try await window.waitFor("push button", WindowText.dismiss)  // the toast "Account created"
        try await window.press("F10")
        try await window.waitUntil("the main menu") { $0.contains { $0.name == WindowText.about } }
        let item = try #require(try await window.nodes().first { $0.name == WindowText.about })
        try await window.activate(WindowText.about, role: item.role)
        try await window.waitUntil("the About window's buttons") {
          $0.contains { $0.role == "push button" && $0.name == "Copy Text" }
        }
        let nodes = try await window.nodes()
        for node in nodes where ["push button", "toggle button", "image"].contains(node.role) {
          #expect(!node.name.hasPrefix("Gtk") && !node.name.hasPrefix("Adw"), "\(node)")
          #expect(!node.name.contains("_"), "\(node)")
          let words = node.name.split(separator: " ")
          #expect(
            words.count < 2 || words.count % 2 == 1 || words[..<(words.count / 2)] != words[(words.count / 2)...],
            "\(node)")
        }
      }
    }

    /// A toast ("Account created") covers no part of the page, so none of its buttons either (hovering
    /// the toast keeps it shown, and would block their clicks): the page ends above it.
    @Test func aToastCoversNoButton() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        try await WindowAccountTests.signUp(in: session)
        try await window.waitFor("label", WindowText.accountCreated)
        // The toast's words and its button, and the page's panel: AT-SPI may give their extents a moment
        // after the words are shown.
        let toast = try await Poll.value("the toast's extents") {
          let extents = try await window.extents(WindowText.accountCreated) + window.extents(WindowText.dismiss)
          return extents.count == 2 ? extents : nil
        }
        // The page (its panel and scroll pane, named for it), then the part of each button the page
        // shows: a button scrolled below the page's end is hidden by the page, not by the toast.
        let page = try await Poll.value("the signed-in page's extents") {
          let extents = try await window.extents(WindowText.signedInPage)
          return extents.isEmpty ? nil : extents
        }
        for part in toast {
          for pane in page { #expect(!Self.overlap(pane, part), "the page \(pane) under the toast \(part)") }
        }
        for name in [WindowText.reauthenticate, WindowText.signOut, WindowText.deleteAccount] {
          let buttons = try await window.extents(name)
          #expect(!buttons.isEmpty, "no \(name) on screen")
          for button in buttons {
            var shown: [Int]? = button
            for pane in page { shown = shown.flatMap { Self.intersection($0, pane) } }
            guard let shown else { continue }
            for part in toast { #expect(!Self.overlap(shown, part), "\(name) \(shown) under the toast \(part)") }
          }
        }
        try await session.screenshot("window-toast")
      }
    }

    /// The window follows the store while it is active: a sign-out and a sign-in in a terminal show at once.
    @Test func theWindowFollowsATerminalSignOutAndSignIn() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        try await WindowAccountTests.signUp(in: session)
        #expect(try await session.cli.run(["sign-out"]).status == 0)
        try await window.waitFor("label", WindowText.signInTitle)
        let signedIn = try await session.cli.run(
          ["sign-in-email", WindowAccountTests.email], stdin: "correct horse\n")
        #expect(signedIn.status == 0, "\(signedIn.stderr)")
        try await window.waitFor("label", WindowAccountTests.email)
      }
    }

    /// Whether two [x, y, width, height] boxes share any pixel.
    static func overlap(_ a: [Int], _ b: [Int]) -> Bool {
      guard a.count == 4, b.count == 4 else { return false }
      return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    /// The rectangle `a` and `b` (x, y, width, height) share, or nil when they share none.
    static func intersection(_ a: [Int], _ b: [Int]) -> [Int]? {
      guard overlap(a, b) else { return nil }
      let x = max(a[0], b[0])
      let y = max(a[1], b[1])
      return [x, y, min(a[0] + a[2], b[0] + b[2]) - x, min(a[1] + a[3], b[1] + b[3]) - y]
    }
  }
}
