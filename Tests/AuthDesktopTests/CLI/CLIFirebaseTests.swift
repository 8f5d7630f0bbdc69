import AuthEngine
import Foundation
import TestSupport
import Testing

/// The command line with a `[firebase]` table: the same commands and the same output shapes as with
/// the local store, the accounts in a project on the Identity Toolkit test server, the provider leg
/// against the GitHub-like server.
@Suite struct CLIFirebaseTests {
  /// A runner whose GitHub client's user is `user`, with `project`'s `[firebase]` table.
  func runner(user: [String: Any]? = nil, project options: [String: Any] = [:]) async throws -> (
    CLIRunner, IdentityToolkitTestProject
  ) {
    let (github, base) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect, user: user)
    let project = try await IdentityToolkitTestProject.create(
      providers: ["github.com": ["client_id": "any", "base_url": base.absoluteString]], options: options)
    return (try CLIRunner(configuration: github + "\n" + project.configuration), project)
  }

  /// `sign-in github.com [flags]` completed by a fresh `auth-desktop URI` process.
  func signIn(_ cli: CLIRunner, _ flags: [String] = []) async throws -> CLIRunner.Result {
    let started = try await cli.run(["sign-in", "github.com"] + flags + ["--no-browser", "--no-wait", "--json"])
    guard started.status == 0 else { return started }
    let url = try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first)
    return try await cli.run([try await Browser.follow(url).absoluteString, "--json"])
  }

  @Test func signInStatusTokensAndAccountChanges() async throws {
    let (cli, project) = try await runner()
    let signedIn = try await signIn(cli)
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
    #expect(signedIn.json["isNewUser"] as? Bool == true)
    let status = try await cli.run(["status", "--json"])
    let user = try #require(status.json["user"] as? [String: Any])
    let localId = try #require(try await project.accounts().first?["localId"] as? String)
    #expect(user["uid"] as? String == localId, "status shows another uid than the one Firebase assigned")
    #expect((status.json["firebase"] as? [String: Any])?["projectId"] as? String == project.id)
    #expect((user["providerData"] as? [[String: Any]])?.map { $0["uid"] as? String } == ["1001"])
    #expect(try await cli.run(["status"]).stdout.contains("Firebase project: \(project.id)"))

    let idToken = try await cli.run(["id-token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let claims = try #require(JWTPayload.claims(idToken))
    #expect(claims["iss"] as? String == "https://securetoken.google.com/\(project.id)")
    #expect(claims["sub"] as? String == localId)
    #expect(
      (try await cli.run(["token", "github.com", "--json"]).json["accessToken"] as? String)?.hasPrefix("gho_") == true)

    let linked = try await cli.run(
      ["sign-in-email", "octocat@example.com", "--link", "--json"], stdin: "correct horse\n")
    #expect(linked.status == 0, "\(linked.stderr)")
    let after = try #require(try await cli.run(["status", "--json"]).json["user"] as? [String: Any])
    let providers = (after["providerData"] as? [[String: Any]]) ?? []
    #expect(providers.map { $0["providerId"] as? String } == ["github.com", "password"])
    #expect(providers.last?["uid"] as? String == "octocat@example.com")
    #expect(
      try await cli.run(["methods", "octocat@example.com", "--json"]).json["methods"] as? [String] == [
        "github.com", "password",
      ])
    #expect(try await cli.run(["unlink", "password"]).status == 0)
    let deleted = try await cli.run(["delete-account", "--keep-provider-grants", "--json"])
    #expect(deleted.status == 0, "\(deleted.stderr)")
    #expect(try await project.accounts().isEmpty)
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
  }

  /// account-exists-with-different-credential, then `link-pending` with the signed-in user's ID token.
  @Test func aConflictIsResolvedWithLinkPending() async throws {
    let (cli, project) = try await runner(user: ["id": 7, "login": "mona", "email": "mona@example.com"])
    #expect(try await cli.run(["sign-up-email", "mona@example.com"], stdin: "correct horse\n").status == 0)
    #expect(try await cli.run(["sign-out"]).status == 0)
    let conflict = try await signIn(cli)
    let error = try #require(conflict.json["error"] as? [String: Any], "\(conflict.stdout)")
    #expect(error["code"] as? String == "auth/account-exists-with-different-credential")
    #expect(error["email"] as? String == "mona@example.com" && error["providerId"] as? String == "github.com")
    #expect(error["signInMethods"] as? [String] == ["password"])
    #expect(try await cli.run(["sign-in-email", "mona@example.com"], stdin: "correct horse\n").status == 0)
    let pending = try await cli.run(["link-pending", "--json"])
    #expect(pending.status == 0, "\(pending.stderr)")
    let accounts = try await project.accounts()
    #expect(accounts.count == 1)
    let linked = (accounts.first?["providerUserInfo"] as? [[String: Any]])?.compactMap { $0["providerId"] as? String }
    #expect(linked == ["github.com", "password"])
  }

  @Test func methodsSaysWhenTheProjectHidesThem() async throws {
    let (cli, _) = try await runner(project: ["enumeration_protection": true])
    #expect(try await cli.run(["sign-up-email", "a@example.com"], stdin: "correct horse\n").status == 0)
    let methods = try await cli.run(["methods", "a@example.com", "--json"])
    #expect(methods.json["methods"] as? [String] == [] && methods.json["hidden"] as? Bool == true)
  }

  @Test func aDisabledUserIsSignedOutAndStatusSaysSo() async throws {
    let (cli, project) = try await runner()
    #expect(try await signIn(cli).status == 0)
    let uid = try #require((try await cli.run(["status", "--json"]).json["user"] as? [String: Any])?["uid"] as? String)
    try await project.disable(uid)
    let token = try await cli.run(["id-token", "--force-refresh", "--json"])
    #expect((token.json["error"] as? [String: Any])?["code"] as? String == "auth/user-disabled")
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
  }

  /// A 503 from Identity Toolkit: network-request-failed, nobody signed in, and a retry works.
  @Test func anOutageIsANetworkFailureAndARetryWorks() async throws {
    let (cli, project) = try await runner()
    try await project.fault("signInWithIdp", status: 503)
    let failed = try await signIn(cli)
    #expect((failed.json["error"] as? [String: Any])?["code"] as? String == "auth/network-request-failed")
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
    #expect(try await signIn(cli).status == 0)
  }
}
