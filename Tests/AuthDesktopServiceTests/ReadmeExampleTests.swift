import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// The README's "Signing in from your own app" example, run as written with python3-gi against the
/// service on a bus of the test's own: the user allows, the app learns the account and gets its token.
@Suite struct ReadmeExampleTests {
  /// The first `python` block of the README's section "Signing in from your own app".
  static func example() throws -> String {
    let text = try String(
      contentsOf: TestServers.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(text.range(of: "## Signing in from your own app\n"))
    let start = try #require(text.range(of: "```python\n", range: section.upperBound..<text.endIndex))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    return String(text[start.upperBound..<end.lowerBound])
  }

  @Test func theReadmesExampleGetsTheAllowedAccountsToken() async throws {
    let world = try await GrantWorld.make()
    let octocat = try await world.signIn(1001, "octocat")
    let consent = FixedConsent(.allow)
    let harness = try await world.service(consent)
    defer { harness.stop() }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).py")
    try Data(try Self.example().utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }

    let run = try await Tool.run(ServiceHarness.python, [script.path], environment: harness.bus.clientEnvironment)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("signed in as octocat\n"), "\(run.output)")
    let asked = await consent.asked
    #expect(asked.count == 1 && asked.first?.title.hasSuffix(" wants to use your GitHub account") == true, "\(asked)")
    #expect(asked.first?.body.contains("\n• Read your profile") == true, "the scope in words: \(asked)")
    let grants = try await world.auth.appGrants()
    #expect(grants.map(\.uid) == [octocat.uid] && grants.map(\.providerID) == ["github.com"], "\(grants)")
    #expect(grants.first?.lastUsedAt != nil, "GetAccessToken answered the grant")
    try await Poll.until("the request is gone") { await harness.leftNothing() }
  }

  /// The user says no: the example exits with its message and nothing is granted.
  @Test func theReadmesExampleStopsWhenTheUserDenies() async throws {
    let world = try await GrantWorld.make()
    _ = try await world.signIn(1001, "octocat")
    let harness = try await world.service(FixedConsent(.deny))
    defer { harness.stop() }
    let script = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).py")
    try Data(try Self.example().utf8).write(to: script)
    defer { try? FileManager.default.removeItem(at: script) }

    let run = try await Tool.run(ServiceHarness.python, [script.path], environment: harness.bus.clientEnvironment)
    #expect(run.status != 0 && run.output.contains("not allowed"), "\(run.output)")
    #expect(try await world.auth.appGrants().isEmpty)
  }
}
