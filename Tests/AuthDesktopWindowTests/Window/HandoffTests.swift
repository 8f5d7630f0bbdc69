import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The whole desktop path with a real protocol server: `auth-desktop install` into a private XDG dir,
  /// a sign-in started in the window, the browser's part played against the Authlib server, the
  /// redirect opened with `xdg-open` → the .desktop file → a second `auth-desktop` that forwards the URI
  /// over D-Bus and exits → the running window completes the sign-in.
  @Suite(.serialized) struct HandoffTests {
    @Test func customSchemeRedirectReachesTheRunningWindowThroughXdgOpen() async throws {
      try await WindowSession.with(loopback: false, browser: .record) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let authorization = try await Poll.value("the browser to open") { session.openedURLs().first }
        let location = try await Browser.follow(authorization)
        let opened = try await Tool.run(
          "xdg-open", [location.absoluteString],
          environment: session.xdg.merging(session.cli.environment) { $1 }.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) {
            $1
          })
        #expect(opened.status == 0, "\(opened.output)")
        try await session.accessible.waitUntil("the signed-in page") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
        #expect(session.window.process.isRunning, "the window should still be running")
        // The second process forwarded the URI and exited; it did not become a window of its own.
        try await Poll.until("the forwarding process to exit") {
          (try? await Tool.run("pgrep", ["-f", "auth-desktop \(AppIdentity.tests.redirectScheme):"]))?.status == 1
        }
      }
    }
  }
}
