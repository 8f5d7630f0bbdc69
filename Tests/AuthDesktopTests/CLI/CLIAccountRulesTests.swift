import Foundation
import TestSupport
import Testing

/// `[[accounts]]` directory rules on the command line: the longest rule holding the working directory
/// chooses the account, below `--account` and `AUTH_DESKTOP_ACCOUNT`; a rule that is wrong is a
/// configuration error naming the file and the key.
@Suite struct CLIAccountRulesTests {
  /// A runner whose configuration has these rules; `ROOT` in a directory is the runner's own root.
  static func runner(rules: [(String, String)]) throws -> CLIRunner {
    let text = rules.map { "[[accounts]]\ndirectory = \"\($0.0)\"\naccount = \"\($0.1)\"\n" }.joined(separator: "\n")
    let cli = try CLIRunner(configuration: text)
    let written = try String(contentsOf: cli.configFile, encoding: .utf8)
    try Data(written.replacingOccurrences(of: "ROOT", with: cli.root.path).utf8).write(to: cli.configFile)
    return cli
  }

  static func folder(_ cli: CLIRunner, _ path: String) throws -> URL {
    let url = cli.root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func theLongestRuleHoldingTheDirectoryChooses() async throws {
    var cli = try Self.runner(rules: [("ROOT/work", "ada@example.com"), ("ROOT/work/oss/", "bob@example.com")])
    let uids = try await CLIAccountsTests.signUp(cli, ["ada@example.com", "bob@example.com", "cy@example.com"])
    for (path, uid, kind) in [
      ("work", uids[0], "rule"), ("work/deep/er", uids[0], "rule"), ("work/oss/x", uids[1], "rule"),
      ("workshop", uids[2], "current"), ("elsewhere", uids[2], "current"),
    ] {
      cli.workingDirectory = try Self.folder(cli, path)
      let status = try await cli.run(["status", "--json"])
      #expect((status.json["user"] as? [String: Any])?["uid"] as? String == uid, "in \(path): \(status.stdout)")
      let reason = (status.json["chosen"] as? [String: Any])?["reason"] as? [String: Any]
      #expect(reason?["kind"] as? String == kind, "in \(path)")
    }
    cli.workingDirectory = try Self.folder(cli, "work/oss")
    let plain = try await cli.run(["status"])
    #expect(plain.stdout.contains("chosen: by the rule for \(cli.root.path)/work/oss/"), "\(plain.stdout)")
    let variable = try await cli.run(["status", "--json"], environment: ["AUTH_DESKTOP_ACCOUNT": "cy@example.com"])
    #expect((variable.json["user"] as? [String: Any])?["uid"] as? String == uids[2], "the variable outranks a rule")
    let listed = try await CLIAccountsTests.accounts(cli)
    #expect((listed["chosen"] as? [String: Any])?["uid"] as? String == uids[1])
    #expect(listed["current"] as? String == uids[2], "a rule changed the current user")
  }

  @Test func aRuleForAnAccountNobodySignedInAsIsAConfigurationError() async throws {
    var cli = try Self.runner(rules: [("/", "eve@example.com")])
    _ = try await CLIAccountsTests.signUp(cli, ["ada@example.com"])
    cli.workingDirectory = cli.root
    let result = try await cli.run(["id-token", "--json"])
    let error = try #require(result.json["error"] as? [String: Any], "\(result.stdout)")
    #expect(error["code"] as? String == "auth/invalid-configuration")
    let message = try #require(error["message"] as? String)
    #expect(message.contains(cli.configFile.path) && message.contains("[[accounts]] #1 account"), "\(message)")
    #expect(message.contains("ada@example.com"), "the signed-in accounts are not listed: \(message)")
    #expect(try await cli.run(["id-token", "--account", "ada@example.com"]).status == 0, "--account outranks a rule")
  }

  @Test(arguments: [
    ("work", "directory"), ("~/a/*", "directory"), ("/a/../..", "directory"), ("/a", "account"),
  ])
  func aBadRuleIsAConfigurationErrorWithFileAndKey(directory: String, key: String) async throws {
    let account = key == "account" ? "nosuch.provider:mona" : "ada@example.com"
    let cli = try Self.runner(rules: [(directory, account)])
    let result = try await cli.run(["status"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("auth/invalid-configuration"), "\(result.stderr)")
    #expect(result.stderr.contains(cli.configFile.path) && result.stderr.contains("[[accounts]] #1 \(key)"))
  }
}
