import Foundation
import TestSupport
import Testing

/// Two GitHub accounts signed in at once, two directories with an `[[accounts]]` rule each: git in
/// each directory gets its own account's token (the rules see git's working directory, where the
/// helper runs), with and without `credential.useHttpPath`.
@Suite struct GitCredentialAccountsTests {
  @Test func eachDirectoryGetsItsAccountsToken() async throws {
    let workspace = try await GitWorkspace.make()
    try await workspace.signIn()
    _ = try await Control.post(
      workspace.github.appendingPathComponent("_test/clients/\(workspace.clientID)/user"),
      ["id": 2002, "login": "hubot", "name": "Hubot", "email": "hubot@example.com"])
    try await workspace.signIn()
    let root = workspace.cli.root
    let rules = [("work", "github.com:octocat"), ("personal", "github.com:hubot")].map {
      "\n[[accounts]]\ndirectory = \"\(root.appendingPathComponent($0.0).path)\"\naccount = \"\($0.1)\"\n"
    }
    let handle = try FileHandle(forWritingTo: workspace.cli.configFile)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(rules.joined().utf8))
    try handle.close()

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
}
