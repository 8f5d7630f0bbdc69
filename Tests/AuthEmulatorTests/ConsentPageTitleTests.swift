import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// The consent page says whose page it is once: "Sign in to X (Twitter)" under the emulator's banner,
/// and the browser's title names the emulator without a second pair of parentheses.
@Suite struct ConsentPageTitleTests {
  @Test func theXPageIsTitledWithoutDoubleParentheses() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.emulator.handle(
      EmulatorOAuth1Tests.signed(
        harness, "/twitter/oauth/request_token", extra: [("oauth_callback", EmulatorHarness.twitterCallback)]))
    let token = try #require(EmulatorOAuth1Tests.form(response)["oauth_token"])
    let page = try await harness.consent(
      URL(string: "http://127.0.0.1:9399/twitter/oauth/authenticate")!.appendingQuery(["oauth_token": token]))
    #expect(page.html.contains("<h1>Sign in to X (Twitter)</h1>"), "\(page.html)")
    #expect(page.html.contains("<title>Sign in to X (Twitter) · AuthDesktop provider emulator</title>"))
    #expect(!page.html.contains(") ("))
  }
}
