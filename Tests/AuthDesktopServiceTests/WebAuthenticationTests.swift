import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// Web authentication for an app's own OAuth client, driven by real clients (`gdbus`, python3-gi) on a
/// bus of the test's own, against the Authlib GitHub-like server with the app's own client registration.
@Suite struct WebAuthenticationTests {
  /// The python3-gi example of docs/dbus-interface.md, "Signing in from your own app", as it is there.
  static func documentedExample() throws -> String {
    let text = try String(
      contentsOf: TestServers.repositoryRoot.appendingPathComponent("docs/dbus-interface.md"), encoding: .utf8)
    let start = try #require(text.range(of: "```python\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test func theDocumentedExampleSignsInWithTheAppsOwnClient() async throws {
    let servers = try await TestServers.shared.start()
    let registration = try await Control.post(
      servers.github.appendingPathComponent("_test/clients"),
      ["redirect_uris": ["http://127.0.0.1/callback"], "token_endpoint_auth_method": "none"])
    let clientID = try #require(registration["client_id"] as? String)
    let consent = FixedConsent(.allow)
    let harness = try await ServiceHarness.start(consent: consent, browser: PlayingBrowser())
    defer { harness.stop() }
    let example = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString).py")
    try Data(Self.documentedExample().utf8).write(to: example)
    defer { try? FileManager.default.removeItem(at: example) }
    let run = try await Tool.run(
      ServiceHarness.python,
      [
        example.path, clientID, servers.github.appendingPathComponent("login/oauth/authorize").absoluteString,
        servers.github.appendingPathComponent("login/oauth/access_token").absoluteString,
      ], environment: harness.bus.clientEnvironment)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("signed in; access token type: bearer"))
    let asked = await consent.asked
    #expect(asked.count == 1)
    #expect(asked.first?.title.hasSuffix(" wants to sign you in at 127.0.0.1") == true, "\(asked)")
    let log = try await Control.get(servers.github.appendingPathComponent("_test/clients/\(clientID)/log"))
    let requests = try #require((log as? [String: Any])?["requests"] as? [[String: Any]])
    #expect(requests.map { $0["grant_type"] as? String } == ["authorization_code"], "the app exchanged its code once")
    try await Poll.until("the session and its listener are gone") { await harness.leftNothing() }
  }

  /// `gdbus call` makes a session and leaves the bus: the session and its listener go with it.
  @Test func aSessionEndsWhenItsCallerLeavesTheBus() async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.allow))
    defer { harness.stop() }
    let run = try await harness.call("\(AccountsBus.webAuthenticationInterface).CreateSession", "{}")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("objectpath '\(AccountsBus.objectPath)/session/"))
    let uri = try #require(
      run.output.firstMatch(of: /'(http:\/\/127\.0\.0\.1:[0-9]+\/callback)'/).flatMap { URL(string: String($0.1)) })
    try await Poll.until("the session is gone") { await harness.leftNothing() }
    try await Poll.until("its port is closed") { (try? await HTTPProbe.request(uri)) == nil }
  }

  /// Each misuse gets its defined error, shows no question, opens nothing and leaves nothing behind.
  @Test func misuseIsRefusedAndLeavesNothing() async throws {
    let consent = FixedConsent(.allow)
    let browser = RecordingBrowserLauncher()
    let harness = try await ServiceHarness.start(consent: consent, browser: browser)
    defer { harness.stop() }
    let answers = try #require(await harness.client(["misuse"]) as? [String: String])
    let error = "dev.authdesktop.AuthDesktop.Error."
    #expect(
      answers == [
        "other caller's session": error + "AccessDenied", "other caller closes it": error + "AccessDenied",
        "another session's redirect": error + "InvalidArgument", "no such session": error + "InvalidArgument",
        "javascript": error + "InvalidArgument", "file": error + "InvalidArgument",
        "plain http": error + "InvalidArgument", "long url": error + "InvalidArgument",
        "forged window": error + "InvalidArgument", "unknown window": error + "InvalidArgument",
        "long window": error + "InvalidArgument", "bad token": error + "InvalidArgument",
        "token of wrong type": error + "InvalidArgument",
        "unknown method": "org.freedesktop.DBus.Error.UnknownMethod",
        "wrong types": "org.freedesktop.DBus.Error.InvalidArgs", "closed twice": error + "InvalidArgument",
      ])
    #expect(await consent.asked.isEmpty)
    #expect(await browser.opened.isEmpty)
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }

  /// Twenty callers at once: one question at a time, asked and answered in the order the calls came.
  @Test func twentyCallersAreAskedOneAtATimeInTheirOrder() async throws {
    let consent = CountingConsent()
    let harness = try await ServiceHarness.start(consent: consent)
    defer { harness.stop() }
    let order = try #require(await harness.client(["many", "20"]) as? [String])
    #expect(order == (0..<20).map { "t\($0)" })
    let titles = await consent.titles
    #expect(titles.count == 20)
    for (index, title) in titles.enumerated() { #expect(title.hasSuffix(" at a\(index).example"), "\(title)") }
    #expect(await consent.mostShownAtOnce == 1)
    try await Poll.until("nothing is left") { await harness.leftNothing() }
  }
}
