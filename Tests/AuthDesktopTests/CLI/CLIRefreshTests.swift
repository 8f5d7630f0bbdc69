import AuthDesktopApp
import AuthEngine
import Foundation
import TestSupport
import Testing

/// One refresh at a time (`RefreshLock`): `token` and `id-token` commands and calls of this process,
/// all on one data dir and started together when a refresh is due, make one refresh between them; the
/// ones that waited take the token the first one stored.
@Suite struct CLIRefreshTests {
  static let commands = 4
  static let calls = 3

  /// An `Auth` of this process on the runner's configuration and data dir, as a command makes it.
  static func auth(_ cli: CLIRunner) async throws -> Auth {
    try await AppLaunch.makeAuth(
      ConfigurationPaths(environment: cli.environment), emulator: false, environment: cli.environment
    ).1
  }

  /// Runs `commands` commands and `calls` calls of this process together; what each gave.
  static func together(
    commands: @escaping @Sendable () async throws -> CLIRunner.Result,
    calls: @escaping @Sendable () async throws -> String
  ) async throws -> [String?] {
    try await withThrowingTaskGroup(of: String?.self) { group in
      for _ in 0..<Self.commands {
        group.addTask {
          let result = try await commands()
          #expect(result.status == 0, "\(result.stderr)")
          return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
      }
      for _ in 0..<Self.calls { group.addTask { try await calls() } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }

  /// A provider that rotates refresh tokens and revokes the whole grant when a rotated-away one comes
  /// again (RFC 9700 §4.14.2): the access token of the sign-in lives 3 s, the refreshed ones an hour.
  @Test func providerTokenCommandsAfterExpiryRefreshOnce() async throws {
    let (table, base) = try await GitHubTestClient.configuration(
      redirect: GitHubTestClient.schemeRedirect,
      options: ["issue_refresh_token": true, "expires_in": 3, "refresh_expires_in": 3600, "reuse_detection": true])
    let clientID = try #require(table.firstMatch(of: /client_id = "([^"]+)"/)?.1)
    let cli = try CLIRunner(configuration: table)
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
    let signedIn = try await cli.run([redirect.absoluteString, "--json"])
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
    let expiry = Date() + 3
    try await Poll.until("the access token to expire", every: .milliseconds(250)) { Date() > expiry }
    let auth = try await Self.auth(cli)

    let tokens = try await Self.together(
      commands: { try await cli.run(["token", "github.com"]) },
      calls: { try #require(try await auth.providerCredential(providerID: "github.com").accessToken).reveal() })
    #expect(tokens.count == Self.commands + Self.calls)
    #expect(Set(tokens).count == 1, "one token for all: \(tokens.map { $0?.prefix(8) })")
    let refreshes = { () async throws -> Int in
      let log = try await Control.get(base.appendingPathComponent("_test/clients/\(clientID)/log"))
      let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
      return requests.filter { $0["grant_type"] as? String == "refresh_token" }.count
    }
    #expect(try await refreshes() == 1)

    // The grant still works: the stored refresh token refreshes once more.
    let stored = try await auth.providerCredential(providerID: "github.com")
    #expect(stored.accessToken?.reveal() == tokens.first ?? nil)
    let again = try await auth.authorization.refresh(stored)
    #expect(again.accessToken.map { !$0.constantTimeEquals(stored.accessToken!) } == true)
    #expect(try await refreshes() == 2)
  }

  /// A Firebase session (the Identity Toolkit test server counts its Secure Token calls): the ID token
  /// of the sign-up lives 3 s, the refreshed one an hour.
  @Test func firebaseSessionRefreshesOnceAfterExpiry() async throws {
    let project = try await IdentityToolkitTestProject.create(providers: [:], options: ["sign_in_expires_in": 3])
    let cli = try CLIRunner(configuration: project.configuration)
    let signedUp = try await cli.run(["sign-up-email", "refresh@example.com"], stdin: "correct horse\n")
    #expect(signedUp.status == 0, "\(signedUp.stderr)")
    let expiry = Date() + 3
    try await Poll.until("the ID token to expire", every: .milliseconds(250)) { Date() > expiry }
    let auth = try await Self.auth(cli)
    let user = try #require(try await auth.currentUser())

    let tokens = try await Self.together(
      commands: { try await cli.run(["id-token"]) }, calls: { try await user.getIDToken().reveal() })
    #expect(tokens.count == Self.commands + Self.calls)
    #expect(Set(tokens).count == 1, "one ID token for all")
    let refreshes = { () async throws -> Int in try await project.log().filter { $0["op"] as? String == "token" }.count
    }
    #expect(try await refreshes() == 1)

    // The session still works: a forced refresh afterwards is a second call.
    let after = try await cli.run(["id-token", "--force-refresh"])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(try await refreshes() == 2)
  }
}
