import Foundation
import TestSupport
import Testing

/// `sign-in PROVIDER --link|--reauthenticate --account A --no-wait` for an account that is not current:
/// the pending request stores the account, and `auth-desktop URI` (another process) applies the
/// redirect to it (docs/command-line.md, "Several accounts").
@Suite struct CLINoWaitLinkTests {
  static func runner() async throws -> CLIRunner {
    let (table, _) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect)
    return try CLIRunner(configuration: table)
  }

  /// Starts the sign-in without waiting; the browser's part is played; returns the redirect.
  static func start(_ cli: CLIRunner, _ arguments: [String]) async throws -> URL {
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"] + arguments)
    #expect(started.status == 0, "\(started.stderr)")
    return try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
  }

  static func providers(_ cli: CLIRunner, _ account: String) async throws -> [String] {
    let status = try await cli.run(["status", "--json", "--account", account])
    let user = status.json["user"] as? [String: Any]
    return (user?["providerData"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String } ?? []
  }

  @Test func aLinkWithoutWaitingGoesToTheChosenAccount() async throws {
    let cli = try await Self.runner()
    let uids = try await CLIAccountsTests.signUp(cli, ["ada@example.com", "bob@example.com"])
    let linked = try await cli.run(
      [try await Self.start(cli, ["--link", "--account", "ada@example.com"]).absoluteString, "--json"])
    #expect(linked.status == 0, "\(linked.stderr)")
    #expect((linked.json["user"] as? [String: Any])?["uid"] as? String == uids[0])
    #expect(try await Self.providers(cli, "ada@example.com") == ["github.com", "password"])
    #expect(try await Self.providers(cli, "bob@example.com") == ["password"])
    #expect(try await CLIAccountsTests.accounts(cli)["current"] as? String == uids[1], "the link switched")

    let reauthenticated = try await cli.run(
      [try await Self.start(cli, ["--reauthenticate", "--account", "github.com:octocat"]).absoluteString, "--json"])
    #expect(reauthenticated.status == 0, "\(reauthenticated.stderr)")
    #expect((reauthenticated.json["user"] as? [String: Any])?["uid"] as? String == uids[0])
    #expect(try await CLIAccountsTests.accounts(cli)["current"] as? String == uids[1])
  }

  /// The chosen account signed out before the redirect came back: a stable error, nothing linked to
  /// the current account.
  @Test func anAccountSignedOutMeanwhileIsAnError() async throws {
    let cli = try await Self.runner()
    _ = try await CLIAccountsTests.signUp(cli, ["ada@example.com", "bob@example.com"])
    let redirect = try await Self.start(cli, ["--link", "--account", "ada@example.com"])
    #expect(try await cli.run(["sign-out", "--account", "ada@example.com"]).status == 0)
    let completed = try await cli.run([redirect.absoluteString, "--json"])
    #expect(completed.status == 1)
    #expect((completed.json["error"] as? [String: Any])?["code"] as? String == "auth/account-signed-out")
    let plain = try await cli.run([try await Self.start(cli, ["--link"]).absoluteString])
    #expect(plain.status == 0, "the current account links as before: \(plain.stderr)")
    #expect(try await Self.providers(cli, "bob@example.com") == ["github.com", "password"])
  }
}
