import Foundation
import TestSupport
import Testing

/// Two GitHub accounts signed in at once, chosen for git by directory (the rules see git's working
/// directory, where the helper runs), by repository (`remote` rules with `credential.useHttpPath`), and
/// by the login a remote's URL names.
@Suite struct GitCredentialAccountsTests {
  @Test func eachDirectoryGetsItsAccountsToken() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signInOctocatThenHubot()
    let root = workspace.cli.root
    let rules = [("work", "github.com:octocat"), ("personal", "github.com:hubot")].map {
      "\n[[accounts]]\ndirectory = \"\(root.appendingPathComponent($0.0).path)\"\naccount = \"\($0.1)\"\n"
    }
    try workspace.appendConfiguration(rules.joined())

    for (folder, login) in [("work", "octocat"), ("personal", "hubot")] {
      let directory = root.appendingPathComponent(folder)
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let remote = try await workspace.server.repository(folder)
      let cloned = try await workspace.git(["clone", "--quiet", remote.absoluteString, "repo"], in: directory)
      #expect(cloned.status == 0, "\(folder): \(cloned.output)")
      let checkout = directory.appendingPathComponent("repo")
      _ = try await workspace.git(["commit", "--quiet", "--allow-empty", "-m", folder], in: checkout)
      let pushed = try await workspace.git(["push", "--quiet", "origin", "HEAD:main"], in: checkout)
      #expect(pushed.status == 0, "\(folder): \(pushed.output)")
      let withPath = try await workspace.git(
        ["-c", "credential.useHttpPath=true", "fetch", "--quiet", "origin"], in: checkout)
      #expect(withPath.status == 0, "\(folder): \(withPath.output)")
      let logins = try await workspace.server.logins(of: folder).compactMap { $0 }
      #expect(logins.count >= 4 && Set(logins) == [login], "\(folder): \(logins)")
    }
    // Each account's token is `token --account`'s; they differ.
    var tokens: [String] = []
    for login in ["octocat", "hubot"] {
      let token = try await workspace.cli.run(["token", "github.com", "--account", "github.com:\(login)"])
      #expect(token.status == 0, "\(token.stderr)")
      tokens.append(token.stdout)
    }
    #expect(Set(tokens).count == 2)
  }

  /// Two repositories on one host, in one directory: with `credential.useHttpPath`, a `remote` rule
  /// each chooses its account; without it git sends the host alone, which neither rule holds, so the
  /// current account answers.
  @Test func useHttpPathChoosesTheAccountByRepository() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signInOctocatThenHubot()
    _ = try await workspace.cli.run(["switch", "github.com:octocat"])
    let host = "\(workspace.server.url.host!):\(workspace.server.url.port!)"
    try workspace.appendConfiguration(
      "\n[[accounts]]\nremote = \"\(host)/work\"\naccount = \"github.com:octocat\"\n"
        + "\n[[accounts]]\nremote = \"\(host)/personal.git\"\naccount = \"github.com:hubot\"\n")
    let root = workspace.cli.root
    for (repository, login) in [("work", "octocat"), ("personal", "hubot")] {
      let remote = try await workspace.server.repository(repository)
      let cloned = try await workspace.git(
        ["-c", "credential.useHttpPath=true", "clone", "--quiet", remote.absoluteString, repository], in: root)
      #expect(cloned.status == 0, "\(repository): \(cloned.output)")
      let checkout = root.appendingPathComponent(repository)
      _ = try await workspace.git(["commit", "--quiet", "--allow-empty", "-m", repository], in: checkout)
      let pushed = try await workspace.git(
        ["-c", "credential.useHttpPath=true", "push", "--quiet", "origin", "HEAD:main"], in: checkout)
      #expect(pushed.status == 0, "\(repository): \(pushed.output)")
      let logins = try await workspace.server.logins(of: repository).compactMap { $0 }
      #expect(logins.count >= 3 && Set(logins) == [login], "\(repository): \(logins)")
    }
    // Without useHttpPath: the host alone, no rule, the current account (octocat) for both.
    let fetched = try await workspace.git(["fetch", "--quiet", "origin"], in: root.appendingPathComponent("personal"))
    #expect(fetched.status == 0, "\(fetched.output)")
    #expect(try await workspace.server.logins(of: "personal").compactMap { $0 }.last == "octocat")
  }

  /// A remote's URL that names a login (`http://octocat@host/…`) gets that account's token whichever
  /// account is current; a login no signed-in account has gets no answer. Without one, the answer's
  /// username is the chosen account's login.
  @Test func aLoginInTheURLChoosesThatAccount() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signInOctocatThenHubot()
    let remote = try await workspace.server.repository("named")
    var parts = try #require(URLComponents(url: remote, resolvingAgainstBaseURL: false))
    parts.user = "octocat"
    let named = try #require(parts.url)
    let cloned = try await workspace.git(["clone", "--quiet", named.absoluteString, "named"], in: workspace.cli.root)
    #expect(cloned.status == 0, "\(cloned.output)")
    let logins = try await workspace.server.logins(of: "named").compactMap { $0 }
    #expect(!logins.isEmpty && Set(logins) == ["octocat"], "hubot is current: \(logins)")

    let octocat = try await workspace.cli.run(["token", "github.com", "--account", "github.com:octocat"])
    let byLogin = try await workspace.fill(named)
    #expect(
      byLogin["username"] == "octocat"
        && byLogin["password"] == octocat.stdout.split(separator: "\n").first.map(String.init))
    let current = try await workspace.fill(remote)
    #expect(current["username"] == "hubot", "the current account's login, not x-access-token")
    #expect(current["password"] != nil && current["password"] != byLogin["password"])

    parts.user = "nobody"
    let nobody = try await workspace.fill(try #require(parts.url))
    #expect(nobody["password"] == nil, "a login nobody has: no answer")
    let asked = try await workspace.cli.run(
      ["git-credential", "get"], stdin: "protocol=http\nhost=\(remote.host!):\(remote.port!)\nusername=nobody\n\n")
    #expect(asked.status == 0 && asked.stdout.isEmpty, "\(asked.stdout) \(asked.stderr)")
  }
}
