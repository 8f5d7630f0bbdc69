import AuthDesktopApp
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// Signing in on another device (RFC 8628) from the real window, read and driven over AT-SPI: the
  /// device page when no browser can open here and from the main menu, the approval on the Authlib
  /// GitHub-like server, Cancel and Escape.
  @Suite(.serialized) struct WindowDeviceTests {
    static var github: [String: Any] { ["device_interval": 1] }

    /// The code the device page shows, read off the screen.
    static func shownCode(_ session: WindowSession) async throws -> String {
      try await session.accessible.waitFor("label", WindowText.deviceTitle)
      var code: String?
      try await session.accessible.waitUntil("the user code") { nodes in
        code = DeviceApproval.userCode(in: nodes.filter { $0.role == "label" }.map(\.name))
        return code != nil
      }
      return try #require(code)
    }

    @Test func withoutABrowserGitHubOffersTheDevicePageAndSignsIn() async throws {
      try await WindowSession.with(browser: .missing, github: Self.github) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let code = try await Self.shownCode(session)
        #expect(await session.accessible.shows("push button", WindowText.copyCodeAccessible))
        #expect(await session.accessible.shows("image", WindowText.deviceQRAccessible))
        let base = try await TestServers.shared.start().github
        let sentence = WindowText.deviceBody(
          providerTitle: "GitHub", verificationURI: base.appendingPathComponent("login/device"), userCode: code)
        #expect(await session.accessible.shows("label", sentence))
        try await DeviceApproval.decide(base, code, "approve")
        try await session.accessible.waitUntil("the signed-in page") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
        #expect(session.openedURLs().isEmpty)
      }
    }

    @Test func theMainMenuOffersTheDevicePageAndCancelEndsIt() async throws {
      try await WindowSession.with(browser: .record, github: Self.github) { session in
        try await session.accessible.activate(WindowText.mainMenu)
        try await session.accessible.activate("GitHub", role: "menu item")
        let code = try await Self.shownCode(session)
        #expect(session.openedURLs().isEmpty)
        try await session.screenshot("window-device")
        try await session.accessible.activate(WindowText.cancelSignIn)
        try await session.accessible.waitFor("label", WindowText.signInTitle)
        // The session stopped polling: approving now signs nobody in.
        try await DeviceApproval.decide(try await TestServers.shared.start().github, code, "approve")
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
      }
    }

    @Test func escapeCancelsTheDevicePageAndADenialSaysSignInCancelled() async throws {
      try await WindowSession.with(browser: .missing, github: Self.github) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        _ = try await Self.shownCode(session)
        try await session.accessible.press("Escape")
        try await session.accessible.waitFor("label", WindowText.signInTitle)

        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let code = try await Self.shownCode(session)
        try await DeviceApproval.decide(try await TestServers.shared.start().github, code, "deny")
        let cancelled = WindowProblem(AuthError(.webContextCancelled, origin: .redirect))
        try await session.accessible.waitFor("label", cancelled.title)
      }
    }
  }
}
