import Foundation
import TestSupport
import Testing

/// The real `git` with `auth-desktop git-credential` as its only credential helper, against a
/// `GitTestServer` whose host the runner's `github.com` provider serves (`git_hosts`). git reads no
/// configuration of the machine's or the user's (`HOME` is the runner's folder) and never prompts.
struct GitWorkspace {
  let cli: CLIRunner
  let server: GitTestServer
  /// The GitHub-like server, and the client the runner's configuration names.
  let github: URL
  let clientID: String

  /// A runner whose `github.com` (a client that issues refresh tokens) serves the git server's host.
  /// `automatic`: no `redirect` in its table, so that each sign-in chooses (the device grant over SSH).
  static func make(automatic: Bool = false, options: [String: Any] = [:]) async throws -> GitWorkspace {
    let options = ["issue_refresh_token": true].merging(options) { $1 }
    let (table, github) =
      automatic
      ? try await GitHubTestClient.client(redirects: [GitHubTestClient.schemeRedirect], user: nil, options: options)
      : try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect, options: options)
    let clientID = try #require(table.firstMatch(of: /client_id = "([^"]+)"/)?.1)
    let server = try await GitTestServer.start(github: github)
    let host = "\(server.url.host!):\(server.url.port!)"
    let cli = try CLIRunner(configuration: table + "git_hosts = [\"\(host)\"]\n")
    return GitWorkspace(cli: cli, server: server, github: github, clientID: String(clientID))
  }

  /// Signs the runner in with GitHub (the test server's octocat, or `user`).
  func signIn(_ runner: CLIRunner? = nil) async throws {
    let cli = runner ?? self.cli
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
    let signedIn = try await cli.run([redirect.absoluteString, "--json"])
    #expect(signedIn.status == 0, "\(signedIn.stderr)")
  }

  /// Signs in octocat, then hubot (the GitHub-like server's second user, made here): two accounts,
  /// hubot current.
  func signInOctocatThenHubot() async throws {
    try await signIn()
    _ = try await Control.post(
      github.appendingPathComponent("_test/clients/\(clientID)/user"),
      ["id": 2002, "login": "hubot", "name": "Hubot", "email": "hubot@example.com"])
    try await signIn()
  }

  /// Adds `text` (tables such as `[[accounts]]`) to the runner's configuration file.
  func appendConfiguration(_ text: String) throws {
    let handle = try FileHandle(forWritingTo: cli.configFile)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  /// The helper as `credential.helper` names it: this build's `auth-desktop`, quoted for git's shell.
  var helper: String { "!'\(cli.executable.path)' git-credential" }

  /// `git ARGUMENTS` in `directory` with only the helper, as the runner's user.
  func git(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:]) async throws
    -> (status: Int32, output: String)
  {
    let options = [
      "-c", "credential.helper=", "-c", "credential.helper=\(helper)", "-c", "user.name=Mona",
      "-c", "user.email=mona@example.com", "-c", "init.defaultBranch=main",
    ]
    let environment = cli.environment.merging([
      "HOME": cli.root.path, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "",
      "SSH_ASKPASS": "", "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg").path,
    ]) { $1 }.merging(extra) { $1 }
    return try await Tool.run(
      "git", (directory.map { ["-C", $0.path] } ?? []) + options + arguments, environment: environment)
  }

  /// What `git credential fill` gets for `url` (git runs the helper): its attributes. `fill` reads
  /// its request on stdin, which `Tool` does not feed, so the shell redirects a file to it.
  func fill(_ url: URL) async throws -> [String: String] {
    let file = cli.root.appendingPathComponent("fill-\(UUID().uuidString)")
    try Data("url=\(url.absoluteString)\n\n".utf8).write(to: file)
    let filled = try await Tool.run(
      "sh", ["-c", "git -c credential.helper= -c \"credential.helper=$HELPER\" credential fill < \"$REQUEST\""],
      environment: cli.environment.merging([
        "HELPER": helper, "REQUEST": file.path, "HOME": cli.root.path, "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
      ]) { $1 }, errors: false)
    return Dictionary(
      filled.output.split(separator: "\n").compactMap { line in
        line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
      }, uniquingKeysWith: { $1 })
  }

  /// The access tokens the GitHub-like server's refreshes issued (the token endpoint's log).
  func refreshes() async throws -> Int {
    let log = try await Control.get(github.appendingPathComponent("_test/clients/\(clientID)/log"))
    let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    return requests.filter { $0["grant_type"] as? String == "refresh_token" }.count
  }
}
