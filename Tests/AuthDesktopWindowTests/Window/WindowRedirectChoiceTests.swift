import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The window chooses each sign-in's redirect (docs/configuration.md, "Which redirect") for a provider without
  /// `redirect`: the custom scheme when `install` registered this build, loopback when nothing did.
  @Suite(.serialized) struct WindowRedirectChoiceTests {
    @Test(arguments: [true, false])
    func theWindowUsesTheSchemeOnlyWhenItOpensThisBuild(installed: Bool) async throws {
      let configuration = try await GitHubTestClient.automaticConfiguration().0
      try await WindowSession.with(configuration: configuration, browser: .record, install: installed) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let authorization = try await Poll.value("the browser to open") { session.openedURLs().first }
        let redirectURI = try #require(FormParameters.query(of: authorization)?["redirect_uri"])
        if installed {
          #expect(redirectURI == GitHubTestClient.schemeRedirect)
        } else {
          #expect(redirectURI.hasPrefix("http://127.0.0.1:"), "\(redirectURI)")
        }
        // Either way the redirect completes the sign-in: the loopback one by the listener, the other
        // through the desktop entry (`auth-desktop URI`, as xdg-open runs it).
        let location = try await Browser.follow(authorization)
        if installed {
          let delivered = try await session.cli.run([location.absoluteString], environment: session.xdg)
          #expect(delivered.status == 0, "\(delivered.stderr)")
        } else {
          _ = try await HTTPProbe.request(location)
        }
        try await session.accessible.waitUntil("the signed-in page") { $0.contains(WindowSession.signedInEmail) }
      }
    }
  }
}
