import Foundation
import TestSupport
import Testing

/// `auth-desktop git-credential` as git's credential helper, with the real `git` over smart HTTP
/// against `git http-backend` on 127.0.0.1 that accepts only the GitHub-like server's tokens
/// (`GitTestServer`).
@Suite struct GitCredentialTests {
  @Test func cloneFetchAndPushUseTheSignedInAccountsToken() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signIn()
    let remote = try await workspace.server.repository("hello")
    let checkout = workspace.cli.root.appendingPathComponent("hello")

    let cloned = try await workspace.git(["clone", "--quiet", remote.absoluteString, checkout.path])
    #expect(cloned.status == 0, "\(cloned.output)")
    let committed = try await workspace.git(["commit", "--quiet", "--allow-empty", "-m", "first"], in: checkout)
    #expect(committed.status == 0, "\(committed.output)")
    let pushed = try await workspace.git(["push", "--quiet", "origin", "HEAD:main"], in: checkout)
    #expect(pushed.status == 0, "\(pushed.output)")
    let fetched = try await workspace.git(["fetch", "--quiet", "origin"], in: checkout)
    #expect(fetched.status == 0, "\(fetched.output)")

    // Every request git made with a credential carried octocat's token; each 401 was the first try.
    let logins = try await workspace.server.logins()
    #expect(logins.compactMap { $0 }.count >= 5 && Set(logins.compactMap { $0 }) == ["octocat"], "\(logins)")
    // What git got is `token`'s token, with its expiry.
    let filled = try await workspace.fill(remote)
    let token = try await workspace.cli.run(["token", "github.com", "--json"])
    #expect(filled["password"] == token.json["accessToken"] as? String && filled["password"] != nil)
    #expect(filled["username"] == "octocat", "the account's GitHub login")
    // git 2.39 drops `password_expiry_utc` (it is git 2.41's); the helper's own answer has it.
    let asked = try await workspace.cli.run(
      ["git-credential", "get"], stdin: "protocol=http\nhost=\(remote.host!):\(remote.port!)\n\n")
    #expect(asked.stdout.hasPrefix("username=octocat\npassword=\(filled["password"] ?? "-")\n"))
    let expiry = try #require(asked.stdout.firstMatch(of: /password_expiry_utc=([0-9]+)\n/).flatMap { Double($0.1) })
    #expect(abs(expiry - Date().timeIntervalSince1970 - 28_800) < 600, "the token's 8 hours")
  }

  /// The server refuses a token the provider revoked; git erases it (the helper marks it), and the next
  /// command's `get` refreshes it.
  @Test func aRevokedTokenIsRefusedErasedAndRefreshed() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signIn()
    let remote = try await workspace.server.repository("revoked")
    let checkout = workspace.cli.root.appendingPathComponent("revoked")
    #expect(try await workspace.git(["clone", "--quiet", remote.absoluteString, checkout.path]).status == 0)
    let first = try #require(try await workspace.cli.run(["token", "github.com"]).stdout.split(separator: "\n").first)
    _ = try await Control.post(
      workspace.github.appendingPathComponent("_test/tokens/revoke"), ["access_token": String(first)])

    let refused = try await workspace.git(["fetch", "--quiet", "origin"], in: checkout)
    #expect(refused.status != 0)
    #expect(refused.output.contains("Authentication failed"), "\(refused.output)")
    #expect(try await workspace.refreshes() == 0, "erase refreshes nothing")

    let fetched = try await workspace.git(["fetch", "--quiet", "origin"], in: checkout)
    #expect(fetched.status == 0, "\(fetched.output)")
    #expect(try await workspace.refreshes() == 1)
    let second = try await workspace.cli.run(["token", "github.com"]).stdout.split(separator: "\n").first
    #expect(second != nil && second != first, "a new token")
    // The account is still signed in, with its providers.
    #expect(try await workspace.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
  }

  /// Nobody signed in: no answer, so git (with prompts off) fails with its own words; the server saw no
  /// credential at all.
  @Test func noAccountGivesNoAnswer() async throws {
    let workspace = try await GitWorkspace.make()
    let remote = try await workspace.server.repository("nobody")
    let cloned = try await workspace.git([
      "clone", "--quiet", remote.absoluteString, workspace.cli.root.appendingPathComponent("nobody").path,
    ])
    #expect(cloned.status != 0)
    #expect(cloned.output.contains("terminal prompts disabled"), "\(cloned.output)")
    #expect(try await workspace.server.logins().allSatisfy { $0 == nil })
    let asked = try await workspace.cli.run(
      ["git-credential", "get"], stdin: "protocol=http\nhost=\(remote.host!):\(remote.port!)\n\n")
    #expect(asked.status == 0 && asked.stdout.isEmpty, "\(asked.stderr)")
  }

  /// A host no provider serves (here github.com too: `git_hosts` replaces it): no answer.
  @Test func otherHostsGetNothing() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signIn()
    for request in [
      "protocol=https\nhost=gitlab.com\n", "protocol=https\nhost=github.com\n", "protocol=http\nhost=127.0.0.1:1\n",
    ] {
      let asked = try await workspace.cli.run(["git-credential", "get"], stdin: request + "\n")
      #expect(asked.status == 0 && asked.stdout.isEmpty, "\(request): \(asked.stdout) \(asked.stderr)")
    }
  }

  /// Input that is not git's credential format is refused with a stable code, and nothing is answered.
  @Test(arguments: [
    "protocol=https\nhost\n", "=github.com\n", "host=github.com\u{0}\n", String(repeating: "a=b\n", count: 17_000),
  ])
  func malformedInputIsRefused(_ input: String) async throws {
    let workspace = try await GitWorkspace.make()
    let asked = try await workspace.cli.run(["git-credential", "get"], stdin: input)
    #expect(asked.status == 1 && asked.stdout.isEmpty)
    #expect(asked.stderr.contains("auth/invalid-git-credential-request"), "\(asked.stderr)")
  }

  /// `install --git` adds the helper for the provider's hosts to git's global configuration, once.
  @Test func installGitRegistersTheHelperOnce() async throws {
    let workspace = try await GitWorkspace.make()
    let host = "\(workspace.server.url.host!):\(workspace.server.url.port!)"
    let home = [
      "HOME": workspace.cli.root.path, "XDG_CONFIG_HOME": workspace.cli.root.appendingPathComponent("xdg").path,
    ]
    let installed = try await workspace.cli.run(["install", "--git", "--json"], environment: home)
    #expect(installed.status == 0, "\(installed.stderr)")
    #expect(
      installed.json["added"] as? [String] == ["credential.https://\(host).helper", "credential.http://\(host).helper"])
    let again = try await workspace.cli.run(["install", "--git", "--json"], environment: home)
    #expect(again.json["added"] as? [String] == [])
    let listed = try await Tool.run(
      "git", ["config", "--global", "--get-all", "credential.http://\(host).helper"], environment: home)
    let helper = try #require(installed.json["helper"] as? String)
    #expect(listed.output == helper + "\n")
    #expect(helper.hasPrefix("!") && helper.hasSuffix(" git-credential"))

    // git, with only the user's configuration, now clones with the signed-in account's token.
    try await workspace.signIn()
    let remote = try await workspace.server.repository("installed")
    let cloned = try await Tool.run(
      "git", ["clone", "--quiet", remote.absoluteString, workspace.cli.root.appendingPathComponent("installed").path],
      environment: workspace.cli.environment.merging(home) { $1 }.merging([
        "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0",
      ]) { $1 })
    #expect(cloned.status == 0, "\(cloned.output)")
  }
}
