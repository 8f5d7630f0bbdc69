import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The real window, driven and read over AT-SPI like a person with a screen reader would: sign-in
  /// through both redirect kinds with the fake browser approving, cancel, timeout, and the warning
  /// when another program owns the app's URL scheme.
  @Suite(.serialized) struct WindowFlowTests {

    @Test func loopbackSignInFromTheWindow() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(session.browserTranscript().contains("loopback 200"))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
        // The listener is gone once the redirect arrived.
        let redirect = try #require(session.openedURLs().first.flatMap(Self.redirectURI))
        #expect(LoopbackSocketInspector.refusesConnectionsNow(redirect))
      }
    }

    @Test func customSchemeSignInFromTheWindowComesBackThroughXdgOpen() async throws {
      try await WindowSession.with(loopback: false, browser: .play) { session in
        let warning = AccessibleWindow.Node(role: "panel", name: WindowText.warningTitle)  // installed: none
        #expect(try await !session.accessible.nodes().contains(warning))
        #expect(try await !session.accessible.nodes().contains(Self.badge))
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(session.browserTranscript().contains("xdg-open done"))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
      }
    }

    @Test func cancelReturnsToSignInAndForgetsThePendingSignIn() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitFor("label", WindowText.waitingTitle)
        try await Poll.until("the browser to open") { !session.openedURLs().isEmpty }
        #expect(await session.accessible.shows("push button", WindowText.copyLinkAccessible))
        try await session.accessible.activate(WindowText.cancelSignIn)
        try await session.accessible.waitFor("label", WindowText.signInTitle)
        let authorization = try #require(session.openedURLs().first)
        let redirect = try #require(Self.redirectURI(authorization))
        try await Poll.until("the loopback listener to close") {
          LoopbackSocketInspector.refusesConnectionsNow(redirect)
        }
        // The approval arrives anyway (another tab): the sign-in it belonged to is gone.
        let location = try await Browser.follow(authorization)
        let late = try await session.cli.run([location.absoluteString, "--json"])
        #expect((late.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
      }
    }

    /// Escape on the keyboard does what Cancel does.
    @Test func escapeCancelsAWaitingSignIn() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitFor("label", WindowText.waitingTitle)
        try await Poll.until("the browser to open") { !session.openedURLs().isEmpty }
        try await session.accessible.press("Escape")
        try await session.accessible.waitFor("label", WindowText.signInTitle)
        let authorization = try #require(session.openedURLs().first)
        let location = try await Browser.follow(authorization)
        let late = try await session.cli.run([location.absoluteString, "--json"])
        #expect((late.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
      }
    }

    @Test func waitingTimesOutWithAnErrorAndClosesTheListener() async throws {
      try await WindowSession.with(
        loopback: true, browser: .record, environment: [WindowLaunch.signInTimeoutVariable: "2"]
      ) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitFor("label", WindowText.waitingTitle)
        // The error page says what happened; Back returns to the sign-in page.
        let timedOut = UserFacingError(
          AuthError(.webContextCancelled, origin: .request, payload: .timeout(.seconds(2))), for: .window)
        try await session.accessible.waitFor("label", timedOut.title)
        #expect(await session.accessible.shows("label", timedOut.body))
        try await session.accessible.activate(WindowText.back)
        try await session.accessible.waitFor("label", WindowText.signInTitle)
        let redirect = try #require(session.openedURLs().first.flatMap(Self.redirectURI))
        #expect(LoopbackSocketInspector.refusesConnectionsNow(redirect))
      }
    }

    @Test func warnsWhenAnotherProgramOpensTheAppsScheme() async throws {
      try await WindowSession.with(
        loopback: false, browser: .record, install: false, schemeHandler: "Other Sign-In Tool"
      ) { session in
        let text = WindowText.schemeOpensElsewhere(
          scheme: AppIdentity.tests.redirectScheme, application: "Other Sign-In Tool")
        try await session.accessible.waitFor("label", text)
      }
    }

    /// `auth-desktop --emulator`: the badge says so, and a sign-in goes through the emulator's consent page
    /// and back through the custom scheme to this window.
    @Test func emulatorModeShowsTheBadgeAndSignsIn() async throws {
      try await WindowSession.with(emulator: true, browser: .consent) { session in
        try await session.accessible.waitFor("label", WindowText.emulatorBadge)
        // Sighted users read what the badge means too (the subtitle; the badge's tooltip says more).
        #expect(await session.accessible.shows("label", WindowText.emulatorSubtitle))
        try await session.accessible.waitFor("push button", WindowText.continueWith("GitHub"))
        try await session.screenshot("window-emulator")
        for title in ["GitHub", "X (Twitter)", "OpenID Connect"] {
          #expect(await session.accessible.shows("push button", WindowText.continueWith(title)), "\(title)")
        }
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        // The other built-in providers can be linked from here.
        #expect(await session.accessible.shows("push button", WindowText.linkAccessible("X (Twitter)")))
        #expect(try await session.cli.run(["status", "--json", "--emulator"]).json["signedIn"] as? Bool == true)
        // Real accounts live apart.
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
      }
    }

    /// "Deny access" at the provider says so: "Sign-in cancelled", for an OAuth 2.0 provider's
    /// `access_denied` (GitHub) and for X's `denied` (OAuth 1.0a), not a blanket "Sign-in failed".
    @Test func aDeclineAtTheProviderIsSignInCancelled() async throws {
      try await WindowSession.with(emulator: true, browser: .deny) { session in
        let cancelled = WindowProblem(AuthError(.webContextCancelled, origin: .redirect))
        for provider in ["GitHub", "X (Twitter)"] {
          try await session.accessible.activate(WindowText.continueWith(provider))
          try await session.accessible.waitFor("label", cancelled.title)
          #expect(await session.accessible.shows("label", cancelled.body), "\(provider)")
          try await session.accessible.activate(WindowText.back)
          try await session.accessible.waitFor("label", WindowText.signInTitle)
        }
        #expect(session.browserTranscript().components(separatedBy: "consent deny").count == 3)
      }
    }

    /// The main menu's "Use Provider Emulator" points the configured providers (here GitHub) at the
    /// emulator, in a new window with the badge; a sign-in then goes to the emulator.
    @Test func theMenuSwitchesToTheEmulator() async throws {
      try await WindowSession.with(
        browser: .record, environment: [EmulatorMode.portVariable: String(FreePort.next())]
      ) { session in
        try await session.accessible.activate(WindowText.mainMenu)
        try await session.accessible.activate(WindowText.useEmulator, role: "menu item")
        try await session.accessible.waitFor("label", WindowText.emulatorBadge)
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await Poll.until("the browser to open") { !session.openedURLs().isEmpty }
        let authorization = try #require(session.openedURLs().first)
        #expect(authorization.host == "127.0.0.1" && authorization.path == "/github/login/oauth/authorize")
      }
    }

    /// The window without the emulator has no badge.
    static let badge = AccessibleWindow.Node(role: "label", name: WindowText.emulatorBadge)

    /// The `redirect_uri` of an authorization URL.
    static func redirectURI(_ authorization: URL) -> URL? {
      URLComponents(url: authorization, resolvingAgainstBaseURL: false)?.queryItems?
        .first { $0.name == "redirect_uri" }?.value.flatMap(URL.init(string:))
    }
  }
}
