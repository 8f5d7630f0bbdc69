import AuthEngine
import Foundation
import TestSupport
import Testing

/// `[[accounts]]`: what the rules parse to, the errors that name the file and the key, and which rule
/// a working directory meets (git's `includeIf "gitdir:"` meaning).
@Suite struct AccountRulesTests {
  static func parse(_ rules: String) throws -> [AccountRule] {
    try ConfigurationLoader.parse(rules, identity: .tests, environment: ["HOME": "/home/ada"]).app.accountRules
  }

  static func rule(_ directory: String, _ account: String = "ada@example.com") -> String {
    "[[accounts]]\ndirectory = \"\(directory)\"\naccount = \"\(account)\"\n"
  }

  @Test func rulesParseInTheFilesOrder() throws {
    let rules = try Self.parse(
      Self.rule("~/work", "mona@work.example") + Self.rule("/srv/./oss/", "github.com:octocat") + Self.rule("~"))
    #expect(rules.map(\.directory) == ["~/work", "/srv/./oss/", "~"])
    #expect(rules.map(\.path) == ["/home/ada/work", "/srv/oss", "/home/ada"])
    #expect(rules.map(\.account) == ["mona@work.example", "github.com:octocat", "ada@example.com"])
    #expect(rules.map(\.index) == [1, 2, 3])
    #expect(try Self.parse("").isEmpty)
  }

  @Test(
    arguments: [
      (rule("work"), "[[accounts]] #1", "directory"),
      (rule("~/a/*"), "[[accounts]] #1", "directory"),
      (rule("/a/[b]"), "[[accounts]] #1", "directory"),
      (rule("/a/../.."), "[[accounts]] #1", "directory"),
      (rule("~user/x"), "[[accounts]] #1", "directory"),
      (rule("/a") + rule("/a/"), "[[accounts]] #2", "directory"),
      (rule("/a", "nosuch:mona"), "[[accounts]] #1", "account"),
      (rule("/a", "github.com:"), "[[accounts]] #1", "account"),
      ("[[accounts]]\naccount = \"a@b.c\"\n", "[[accounts]] #1", "directory"),
      ("[[accounts]]\ndirectory = \"/a\"\n", "[[accounts]] #1", "account"),
      ("[[accounts]]\ndirectory = \"/a\"\naccount = \"a@b.c\"\nprofile = \"x\"\n", "[[accounts]] #1", "profile"),
      ("[[accounts]]\ndirectory = 1\naccount = \"a@b.c\"\n", "[[accounts]] #1", "directory"),
      ("accounts = 1\n", nil, "accounts"),
      ("[accounts]\ndirectory = \"/a\"\n", nil, "accounts"),
    ] as [(String, String?, String)])
  func aBadRuleNamesTheFileAndTheKey(text: String, table: String?, key: String) async throws {
    let error = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse(text, source: "/etc/x.toml", identity: .tests, environment: ["HOME": "/home/ada"])
    }
    #expect(error?.configurationIssue?.file == "/etc/x.toml")
    #expect(error?.configurationIssue?.table == table)
    #expect(error?.configurationIssue?.key == key)
  }

  @Test func theLongestRuleHoldingTheDirectoryWins() throws {
    let rules = try Self.parse(Self.rule("/w", "a") + Self.rule("/w/oss/", "b") + Self.rule("/", "root"))
    func chosen(_ directory: String) -> String? { AccountSelector.rule(for: directory, in: rules)?.account }
    #expect(chosen("/w") == "a")
    #expect(chosen("/w/") == "a")
    #expect(chosen("/w/x/y") == "a")
    #expect(chosen("/w/oss") == "b")
    #expect(chosen("/w/oss/deep") == "b")
    #expect(chosen("/wx") == "root", "a sibling that shares a prefix is not under the rule")
    #expect(chosen("/w/ossify") == "a")
    #expect(AccountSelector.rule(for: "/w", in: []) == nil)
  }

  /// A directory reached through a symbolic link matches the rule for where the link points, and the
  /// rule for the link itself (git compares both).
  @Test func symbolicLinksAreFollowed() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("auth-rules-\(UUID().uuidString)")
    let real = base.appendingPathComponent("real/repo")
    try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
    let link = base.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: base.appendingPathComponent("real"))
    let byReal = try Self.parse(Self.rule(base.path + "/real", "real"))
    #expect(AccountSelector.rule(for: link.path + "/repo", in: byReal)?.account == "real")
    let byLink = try Self.parse(Self.rule(link.path, "link"))
    #expect(AccountSelector.rule(for: real.path, in: byLink)?.account == "link")
  }

  @Test func theNameComesFirstFromTheFlagThenTheVariableThenARule() throws {
    let rules = try Self.parse(Self.rule("/w", "by-rule"))
    let all = AccountRequest(explicit: "by-flag", environment: "by-variable", directory: "/w/x")
    #expect(AccountSelector.name(for: all, rules: rules)?.reason == .flag("by-flag"))
    #expect(AccountSelector.name(for: AccountRequest(environment: "v", directory: "/w"), rules: rules)?.name == "v")
    #expect(AccountSelector.name(for: AccountRequest(directory: "/w"), rules: rules)?.reason == .rule(rules[0]))
    #expect(AccountSelector.name(for: AccountRequest(directory: "/elsewhere"), rules: rules) == nil)
    #expect(AccountChoiceReason.rule(rules[0]).summary == "by the rule for /w")
  }
}
