import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// Connected apps in the real window, over AT-SPI: reached from the signed-in page's "Show" and from
  /// the main menu, left with Back or Escape.
  @Suite(.serialized) struct WindowConnectedAppsTests {
    static let page = AccessibleWindow.Node(role: "label", name: WindowText.noConnectedApps)
    static let show = AccessibleWindow.Node(role: "push button", name: WindowText.showConnectedAppsAccessible)

    @Test func theListIsReachedByKeyboardAndMenuAndLeftWithBackOrEscape() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        let signUp = try await session.cli.run(
          ["sign-up-email", "ada@example.com", "--json"], stdin: "correct horse\n")
        #expect(signUp.status == 0, "\(signUp.stderr)")
        try await window.activate(WindowText.showConnectedAppsAccessible)
        try await window.waitUntil("the empty list") { $0.contains(Self.page) && !$0.contains(Self.show) }
        try await window.press("Escape")
        try await window.waitUntil("the signed-in page") { $0.contains(Self.show) && !$0.contains(Self.page) }

        try await window.activate(WindowText.mainMenu)
        try await window.activate(WindowText.connectedAppsMenu, role: "menu item")
        try await window.waitFor(Self.page.role, Self.page.name)
        try await window.activate(WindowText.back)
        try await window.waitUntil("the signed-in page") { $0.contains(Self.show) && !$0.contains(Self.page) }
      }
    }
  }
}
