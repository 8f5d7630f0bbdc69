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
    let error = await #expect(throws: AuthError.self) { try await GioBrowserLauncher().open(url) }
    #expect(error?.code == .browserUnavailable)
    #expect(error?.detail?.contains("no application is set to open authdesktop-test-nobody-handles-this links") == true)
  }

  /// The fake browser runs detached: poll its output file for up to 30 s (once, under a loaded full run,
  /// the launch took over 10 s; see the closing note of the session that raised this).
  static func waitForLine(containing text: String) async throws -> String {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      let lines =
        (try? String(contentsOf: TestEnvironment.paths.openedFile, encoding: .utf8))?.split(separator: "\n") ?? []
      if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
      try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the fake browser was not started with \(text)")
    throw CancellationError()
  }
}
