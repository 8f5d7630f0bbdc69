import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopKit

/// `GioBrowserLauncher` against a fake browser registered as the default `x-scheme-handler/https`
/// in a temporary `XDG_DATA_HOME`/`XDG_CONFIG_HOME` (see `TestEnvironment`).
@Suite(.serialized) struct GioBrowserLauncherTests {
  init() { TestEnvironment.prepare() }

  @Test func opensTheURLInTheDefaultBrowserByteForByte() async throws {
    let marker = UUID().uuidString
    let url = URL(
      string: "https://id.example/authorize?response_type=code&client_id=abc"
        + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A49152%2Fcallback&scope=openid%20email+profile"
        + "&state=St4te-_.~\(marker)&name=%C3%A9t%C3%A9&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")!
    try await GioBrowserLauncher().open(url)
    let line = try await Self.waitForLine(containing: marker)
    #expect(line == url.absoluteString)
  }

  @Test func throwsWhenNoApplicationHandlesTheScheme() async throws {
    let url = URL(string: "authdesktop-test-nobody-handles-this:/path?x=1")!
    let error = await expectAuthError(.browserUnavailable) { try await GioBrowserLauncher().open(url) }
    #expect(error?.detail?.contains("no application is set to open authdesktop-test-nobody-handles-this links") == true)
  }

  /// The fake browser runs detached: its output file is polled for up to 60 s, the bound of every poll
  /// on the outside world (under loaded full runs the launch once took over 10 s, and once over 30 s).
  static func waitForLine(containing text: String) async throws -> String {
    try await Poll.value("the fake browser started with \(text)", within: .seconds(60), every: .milliseconds(50)) {
      let lines =
        (try? String(contentsOf: TestEnvironment.paths.openedFile, encoding: .utf8))?.split(separator: "\n") ?? []
      return lines.first { $0.contains(text) }.map(String.init)
    }
  }
}
