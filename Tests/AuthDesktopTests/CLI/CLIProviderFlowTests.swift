import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The command line against the Authlib GitHub-like server: a custom-scheme redirect delivered to a
/// fresh `auth-desktop URI` process (no window, no display needed), and the loopback redirect received
/// by the waiting `sign-in` process itself.
@Suite struct CLIProviderFlowTests {
  func client(redirect: String, user: [String: Any]? = nil) async throws -> (CLIRunner, URL) {
    let (configuration, base) = try await GitHubTestClient.configuration(redirect: redirect, user: user)
    return (try CLIRunner(configuration: configuration), base)
  }

  @Test func customSchemeRedirectCompletesInAFreshProcess() async throws {
    let (cli, _) = try await client(redirect: GitHubTestClient.schemeRedirect)
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    #expect(started.status == 0, "\(started.stderr)")
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
    // Nobody waits for it, so this process completes it — with a display (one that does not exist) too:
    // a command-line sign-in never opens a window.
    let delivered = try await cli.run([redirect.absoluteString, "--json"], environment: ["DISPLAY": ":99"])
    #expect(delivered.status == 0, "\(delivered.stderr)")
    #expect(delivered.json["isNewUser"] as? Bool == true)
    let status = try await cli.run(["status", "--json"])
    let user = try #require(status.json["user"] as? [String: Any])
    #expect(user["email"] as? String == "octocat@example.com")
    #expect((user["providerData"] as? [[String: Any]])?.first?["uid"] as? String == "1001")
    let token = try await cli.run(["token", "github.com", "--json"])
    #expect((token.json["accessToken"] as? String)?.hasPrefix("gho_") == true)
    // The same redirect again: single use.
    let replay = try await cli.run([redirect.absoluteString, "--json"])
    #expect(replay.status != 0)
    #expect((replay.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
  }

  @Test func loopbackRedirectIsReceivedByTheWaitingProcess() async throws {
    let (cli, _) = try await client(redirect: "http://127.0.0.1/oauth2redirect/github.com")
    let running = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let url = try CLIRunner.authorizationURL(try await running.firstLine())
    let redirect = try await Browser.follow(url)
    #expect(redirect.host == "127.0.0.1" && redirect.port != nil)
    let page = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(HTTPRequest(url: redirect))
    #expect(page.status == 200)
    #expect(page.header("referrer-policy") == "no-referrer")
    let result = try await running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"signedIn\":true"))
  }

  /// `sign-in --json | head -1`: the reader takes the URL and closes the pipe; the sign-in still
  /// completes and exits 0 (the result is dropped), instead of dying on the closed stdout.
  @Test func aClosedStdoutDoesNotEndTheSignIn() async throws {
    let (cli, _) = try await client(redirect: "http://127.0.0.1/oauth2redirect/github.com")
    let running = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let url = try CLIRunner.authorizationURL(try await running.firstLine())
    try running.output.fileHandleForReading.close()
    let redirect = try await Browser.follow(url)
    let page = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(HTTPRequest(url: redirect))
    #expect(page.status == 200)
    let process = running.process
    try await offThePool { process.waitUntilExit() }
    #expect(running.process.terminationReason == .exit && running.process.terminationStatus == 0)
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
  }

  @Test func timeoutCancelsThePendingSignIn() async throws {
    let (cli, _) = try await client(redirect: GitHubTestClient.schemeRedirect)
    let result = try await cli.run(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "1"])
    #expect(result.status != 0)
    #expect(result.stdout.contains("auth/timeout"))
  }

  /// `sign-in --link` adds GitHub to an email account; `--reauthenticate` succeeds with the same GitHub
  /// user and is refused (`auth/user-mismatch`) with another one, leaving the session as it was.
  @Test func linkAndReauthenticateThroughTheCommandLine() async throws {
    let (cli, _) = try await client(redirect: GitHubTestClient.schemeRedirect)
    #expect(try await cli.run(["sign-up-email", "mona@example.com"], stdin: "correct horse battery\n").status == 0)
    let uid = try #require((try await cli.run(["status", "--json"]).json["user"] as? [String: Any])?["uid"] as? String)

    let linked = try await completeInAFreshProcess(cli, ["--link"])
    #expect(linked.status == 0, "\(linked.stderr)")
    let user = try #require(try await cli.run(["status", "--json"]).json["user"] as? [String: Any])
    #expect(user["uid"] as? String == uid)
    #expect(user["email"] as? String == "mona@example.com")
    let providers = (user["providerData"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String }
    #expect(providers?.contains("github.com") == true)
    #expect(try await cli.run(["methods", "mona@example.com", "--json"]).stdout.contains("github.com"))

    let again = try await completeInAFreshProcess(cli, ["--reauthenticate"])
    #expect(again.status == 0, "\(again.stderr)")

    // Another GitHub user (another client of the server, so another identity) cannot reauthenticate.
    let (other, _) = try await GitHubTestClient.configuration(
      redirect: GitHubTestClient.schemeRedirect, user: ["id": 2002, "login": "hubot", "email": "hubot@example.com"])
    try Data(("[app]\nsecret_store = \"file\"\n" + other).utf8).write(to: cli.configFile)
    let mismatch = try await completeInAFreshProcess(cli, ["--reauthenticate"])
    #expect(mismatch.status != 0)
    #expect((mismatch.json["error"] as? [String: Any])?["code"] as? String == "auth/user-mismatch")
    #expect((try await cli.run(["status", "--json"]).json["user"] as? [String: Any])?["uid"] as? String == uid)
  }

  /// `sign-in github.com FLAGS --no-browser --no-wait`, the browser's part, and the redirect delivered
  /// to a fresh `auth-desktop URI --json` process (whose result is returned).
  func completeInAFreshProcess(_ cli: CLIRunner, _ flags: [String]) async throws -> CLIRunner.Result {
    let started = try await cli.run(["sign-in", "github.com"] + flags + ["--no-browser", "--no-wait", "--json"])
    guard started.status == 0 else { return started }
    let url = try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first)
    let location = try await Browser.follow(url)
    return try await cli.run([location.absoluteString, "--json"])
  }
}
