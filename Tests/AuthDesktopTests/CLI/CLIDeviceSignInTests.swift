import AuthEngine
import Foundation
import TestSupport
import Testing

/// `sign-in PROVIDER --device` (RFC 8628) end to end against the Authlib GitHub-like server: the
/// prompt as the first line of stdout, the approval on the server's page (`POST /_test/device`), then
/// the same output as any sign-in.
@Suite struct CLIDeviceSignInTests {
  func client(_ options: [String: Any] = [:], user: [String: Any]? = nil) async throws -> (CLIRunner, URL) {
    // No `redirect` in the section: `--device` alone chooses (docs/configuration.md, "Which redirect").
    let (configuration, base) = try await GitHubTestClient.client(
      redirects: [GitHubTestClient.schemeRedirect], user: user,
      options: ["device_interval": 1].merging(options) { $1 })
    return (try CLIRunner(configuration: configuration), base)
  }

  /// The `--json` prompt line's fields.
  static func prompt(_ line: Substring?) throws -> [String: Any] {
    let line = try #require(line)
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  /// The last line of stdout, as JSON.
  static func lastJSON(_ result: CLIRunner.Result) throws -> [String: Any] {
    let line = try #require(result.stdout.split(separator: "\n").last)
    return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func theJSONPromptComesFirstThenTheSignedInUser() async throws {
    let (cli, base) = try await client()
    let running = try cli.start(["sign-in", "github.com", "--device", "--json"])
    let prompt = try Self.prompt(try await running.firstLine())
    #expect(prompt["verificationURI"] as? String == base.appendingPathComponent("login/device").absoluteString)
    #expect(prompt["expiresIn"] as? Int == 900)
    #expect(prompt["verificationURIComplete"] == nil)
    #expect(Set(prompt.keys) == ["verificationURI", "userCode", "expiresIn"])
    let userCode = try #require(prompt["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "approve")
    let result = try await running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.split(separator: "\n").count == 2)
    let signedIn = try Self.lastJSON(result)
    #expect(signedIn["signedIn"] as? Bool == true)
    #expect(signedIn["isNewUser"] as? Bool == true)
    #expect((signedIn["user"] as? [String: Any])?["email"] as? String == "octocat@example.com")
    // The user code was printed once, in the prompt; the device code and the token never.
    #expect(result.stdout.components(separatedBy: userCode).count == 2)
    #expect(!result.stderr.contains(userCode))
  }

  @Test func linkAddsGitHubToTheSignedInAccount() async throws {
    let (cli, base) = try await client()
    #expect(try await cli.run(["sign-up-email", "mona@example.com"], stdin: "correct horse battery\n").status == 0)
    let running = try cli.start(["sign-in", "github.com", "--device", "--link", "--json"])
    let userCode = try #require(try Self.prompt(try await running.firstLine())["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "approve")
    let result = try await running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let user = try #require(try await cli.run(["status", "--json"]).json["user"] as? [String: Any])
    #expect(user["email"] as? String == "mona@example.com")
    let providers = (user["providerData"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String }
    #expect(providers?.contains("github.com") == true)
  }

  /// `--reauthenticate` with the signed-in GitHub user succeeds, as after a redirect.
  @Test func reauthenticateProvesItIsTheSameUser() async throws {
    let (cli, base) = try await client()
    #expect(try await approved(cli, base, ["--json"]).status == 0)
    let again = try await approved(cli, base, ["--reauthenticate", "--json"])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(try Self.lastJSON(again)["isNewUser"] as? Bool == false)
  }

  /// A waiting sign-in killed outright (SIGKILL, no clean-up) leaves nothing that hinders the next.
  @Test func aKilledSignInLeavesNothingBehind() async throws {
    let (cli, base) = try await client()
    let running = try cli.start(["sign-in", "github.com", "--device", "--json"])
    _ = try await running.firstLine()
    kill(running.process.processIdentifier, SIGKILL)
    _ = try await running.finish()
    #expect(running.process.terminationReason == .uncaughtSignal)
    #expect(try await approved(cli, base, ["--json"]).status == 0)
  }

  /// `sign-in github.com --device FLAGS`, approved on the server's page as soon as its prompt is out.
  func approved(_ cli: CLIRunner, _ base: URL, _ flags: [String]) async throws -> CLIRunner.Result {
    let running = try cli.start(["sign-in", "github.com", "--device"] + flags)
    let userCode = try #require(try Self.prompt(try await running.firstLine())["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "approve")
    return try await running.finish()
  }

  @Test func aDenialEndsWithWebContextCancelled() async throws {
    let (cli, base) = try await client()
    let running = try cli.start(["sign-in", "github.com", "--device", "--json"])
    let userCode = try #require(try Self.prompt(try await running.firstLine())["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "deny")
    let result = try await running.finish()
    #expect(result.status == 1)
    #expect((try Self.lastJSON(result)["error"] as? [String: Any])?["code"] as? String == "auth/web-context-cancelled")
  }

  @Test func redirectDeviceMakesItTheDefaultWithoutTheFlag() async throws {
    let (configuration, base) = try await GitHubTestClient.configuration(
      redirect: GitHubTestClient.schemeRedirect, options: ["device_interval": 1])
    let cli = try CLIRunner(
      configuration: configuration.replacingOccurrences(of: "redirect = \"scheme\"", with: "redirect = \"device\""))
    let running = try cli.start(["sign-in", "github.com", "--json"])
    let userCode = try #require(try Self.prompt(try await running.firstLine())["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "approve")
    #expect(try await running.finish().status == 0)
  }

  @Test func xRefusesTheDeviceGrant() async throws {
    let cli = try CLIRunner(
      configuration: "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\n")
    let result = try await cli.run(["sign-in", "twitter.com", "--device", "--json"])
    #expect(result.status == 1)
    #expect((result.json["error"] as? [String: Any])?["code"] as? String == "auth/operation-not-allowed")
  }

  @Test func theTerminalPromptShowsTheAddressTheCodeAndAQRCode() async throws {
    let (cli, base) = try await client()
    let running = try cli.start(["sign-in", "github.com", "--device"])
    let first = String(try #require(try await running.firstLine()))
    let address = base.appendingPathComponent("login/device").absoluteString
    #expect(first.contains(address))
    let userCode = try #require(first.split(separator: " ").last.map(String.init))
    try await DeviceApproval.decide(base, userCode, "approve")
    let result = try await running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let qr = result.stdout.split(separator: "\n").dropFirst().filter { $0.contains("█") }
    #expect(qr.count >= 13)
    #expect(qr.allSatisfy { $0.allSatisfy { "▀▄█ ".contains($0) } })
    #expect(result.stdout.split(separator: "\n").last?.hasPrefix("Signed in as") == true)
  }

  @Test func ctrlCEndsTheWaitAndTheNextSignInWorks() async throws {
    let (cli, base) = try await client()
    let running = try cli.start(["sign-in", "github.com", "--device", "--json"])
    _ = try await running.firstLine()
    kill(running.process.processIdentifier, SIGINT)
    let interrupted = try await running.finish()
    #expect(interrupted.status == 128 + SIGINT)
    let again = try cli.start(["sign-in", "github.com", "--device", "--json"])
    let userCode = try #require(try Self.prompt(try await again.firstLine())["userCode"] as? String)
    try await DeviceApproval.decide(base, userCode, "approve")
    #expect(try await again.finish().status == 0)
  }

  @Test func theTimeoutEndsTheWait() async throws {
    let (cli, _) = try await client()
    let result = try await cli.run(["sign-in", "github.com", "--device", "--json", "--timeout", "2"])
    #expect(result.status == 1)
    #expect((try Self.lastJSON(result)["error"] as? [String: Any])?["code"] as? String == "auth/timeout")
  }
}
