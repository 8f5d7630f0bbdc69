import AuthEngine
import Foundation
import TestSupport
import Testing

/// `auth-desktop apps` and `apps revoke` (docs/command-line.md, "Connected apps"): the grants the
/// session-bus service stored, listed and removed from a terminal. Two GitHub accounts signed in through
/// the command line against the Authlib server; the grants are written as the service writes them
/// (`SQLiteAppGrantStore` on the command's store).
@Suite struct CLIAppsTests {
  /// A runner with octocat and hubot signed in; their uids.
  static func twoAccounts() async throws -> (CLIRunner, octocat: String, hubot: String) {
    let (configuration, base) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect)
    let clientID = String(try #require(configuration.firstMatch(of: /client_id = "([^"]+)"/)?.1))
    let cli = try CLIRunner(configuration: configuration)
    for (id, login) in [(1001, "octocat"), (2002, "hubot")] {
      _ = try await Control.post(
        base.appendingPathComponent("_test/clients/\(clientID)/user"),
        ["id": id, "login": login, "name": login.capitalized, "email": "\(login)@example.com"])
      let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
      let redirect = try await Browser.follow(
        try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
      #expect(try await cli.run([redirect.absoluteString, "--json"]).status == 0)
    }
    let accounts = try #require(try await cli.run(["accounts", "--json"]).json["accounts"] as? [[String: Any]])
    let uid = { (email: String) in accounts.first { $0["email"] as? String == email }?["uid"] as? String }
    return (cli, try #require(uid("octocat@example.com")), try #require(uid("hubot@example.com")))
  }

  @Test func appsListsTheGrantsAndRevokeRemovesThem() async throws {
    let (cli, octocat, hubot) = try await Self.twoAccounts()
    let store = SQLiteAppGrantStore(database: try await AuthDatabase.open(directory: cli.dataDirectory))
    let granted = Date(timeIntervalSince1970: 1_790_000_000)
    for (app, name, uid) in [
      ("/usr/bin/notes", "Notes", octocat), ("/usr/bin/notes", "Notes", hubot), ("org.example.Mail", "Mail", hubot),
    ] {
      let grant = AppGrant(
        app: app, appName: name, uid: uid, providerID: "github.com", scopes: ["read:user"], grantedAt: granted)
      #expect(try await store.save(grant))
    }
    let listed = try #require(try await cli.run(["apps", "--json"]).json["apps"] as? [[String: Any]])
    #expect(listed.map { $0["app"] as? String } == ["/usr/bin/notes", "/usr/bin/notes", "org.example.Mail"])
    #expect(listed.last?["email"] as? String == "hubot@example.com" && listed.last?["appName"] as? String == "Mail")
    #expect(listed.last?["scopes"] as? [String] == ["read:user"] && listed.last?["lastUsedAt"] == nil)
    #expect(listed.last?["grantedAt"] as? String == "2026-09-21T14:13:20Z")
    let text = try await cli.run(["apps"])
    #expect(
      text.stdout.contains("org.example.Mail\tMail\thubot@example.com\tgithub.com\tread:user\t"), "\(text.stdout)")

    // By name, on one account: the app keeps its grant on the other.
    let one = try await cli.run(["apps", "revoke", "notes", "--account", "github.com:hubot", "--json"])
    #expect((one.json["revoked"] as? [[String: Any]])?.map { $0["uid"] as? String } == [hubot], "\(one.stdout)")
    #expect(try await store.all().map(\.uid) == [octocat, hubot])
    // An app with no grant there, or none at all: auth/unknown-app, listing the apps.
    let there = try await cli.run(["apps", "revoke", "org.example.Mail", "--account", octocat, "--json"])
    #expect(there.status == 1)
    #expect((there.json["error"] as? [String: Any])?["code"] as? String == "auth/unknown-app")
    let unknown = try await cli.run(["apps", "revoke", "Slack"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr.contains("auth/unknown-app") && unknown.stderr.contains("/usr/bin/notes; org.example.Mail"))
    // By key, every account.
    let all = try await cli.run(["apps", "revoke", "/usr/bin/notes"])
    #expect(all.stdout == "Removed 1 grant of Notes.\n", "\(all.stderr)")
    #expect(try await store.all().map(\.app) == ["org.example.Mail"])
    // Signing the account out drops its grants: nothing is listed.
    #expect(try await cli.run(["sign-out", "--account", hubot]).status == 0)
    #expect(try await cli.run(["apps"]).stdout == "No app has access to your accounts.\n")
  }
}
