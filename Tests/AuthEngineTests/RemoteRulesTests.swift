import AuthEngine
import Foundation
import TestSupport
import Testing

/// `[[accounts]]` rules with `remote`: the repositories git asks credentials for, by host and path
/// (`credential.useHttpPath`). What they parse to, the errors that name the file and the key, which
/// rule a remote meets, and where they stand among `--account`, the variable and the directory rules.
@Suite struct RemoteRulesTests {
  static func parse(_ rules: String) throws -> [AccountRule] {
    try ConfigurationLoader.parse(rules, identity: .tests, environment: ["HOME": "/home/ada"]).app.accountRules
  }

  static func rule(_ remote: String, _ account: String = "ada@example.com") -> String {
    "[[accounts]]\nremote = \"\(remote)\"\naccount = \"\(account)\"\n"
  }

  @Test func remotesParseLowercasedWithoutATrailingSlashOrGit() throws {
    let rules = try Self.parse(
      Self.rule("GitHub.com/Work-Org/", "a") + Self.rule("git.example.com:8443/team/app.git", "b")
        + Self.rule("github.com", "c") + AccountRulesTests.rule("~/src", "d"))
    #expect(rules.map(\.remote) == ["github.com/work-org", "git.example.com:8443/team/app", "github.com", nil])
    #expect(rules.map(\.directory) == [nil, nil, nil, "~/src"])
    #expect(rules.map(\.written) == ["github.com/work-org", "git.example.com:8443/team/app", "github.com", "~/src"])
    #expect(AccountChoiceReason.rule(rules[0]).summary == "by the rule for github.com/work-org")
  }

  @Test(
    arguments: [
      (rule("https://github.com/work-org"), "remote", ConfigurationProblem.notARemote),
      (rule("mona@github.com/work-org"), "remote", .notARemote),
      (rule("github.com/work-org/*"), "remote", .notARemote),
      (rule("github.com//work-org"), "remote", .notARemote),
      (rule("github.com/../x"), "remote", .notARemote),
      (rule("github.com/a b"), "remote", .notARemote),
      (rule("/work-org"), "remote", .notARemote),
      (rule(""), "remote", .empty),
      (rule("github.com/Org") + rule("github.com/org.git"), "remote", .repeatedRemote(firstIndex: 1)),
      (
        "[[accounts]]\ndirectory = \"/a\"\nremote = \"github.com\"\naccount = \"a@b.c\"\n", "remote", .directoryOrRemote
      ),
      ("[[accounts]]\naccount = \"a@b.c\"\n", "directory", .directoryOrRemote),
      ("[[accounts]]\nremote = 1\naccount = \"a@b.c\"\n", "remote", .wrongType(expected: .string)),
    ] as [(String, String, ConfigurationProblem)])
  func aBadRemoteNamesTheFileAndTheKey(text: String, key: String, problem: ConfigurationProblem) async throws {
    let error = await expectAuthError(.invalidConfiguration) {
      try ConfigurationLoader.parse(text, source: "/etc/x.toml", identity: .tests, environment: ["HOME": "/home/ada"])
    }
    #expect(error?.configurationIssue?.file == "/etc/x.toml")
    #expect(error?.configurationIssue?.table?.hasPrefix("[[accounts]] #") == true)
    #expect(error?.configurationIssue?.key == key)
    #expect(error?.configurationIssue?.problem == problem)
  }

  @Test func theLongestRemoteHoldingTheRepositoryWins() throws {
    let rules = try Self.parse(
      Self.rule("github.com", "host") + Self.rule("github.com/work-org", "org")
        + Self.rule("github.com/work-org/secret.git", "repo"))
    func chosen(_ remote: String) -> String? { AccountSelector.rule(forRemote: remote, in: rules)?.account }
    #expect(chosen("github.com") == "host", "git without useHttpPath sends the host alone")
    #expect(chosen("github.com/mona/dotfiles.git") == "host")
    #expect(chosen("github.com/work-org/app.git") == "org")
    #expect(chosen("GitHub.com/Work-Org/app") == "org")
    #expect(chosen("github.com/work-org2/app.git") == "host", "a sibling that shares a prefix is not under the rule")
    #expect(chosen("github.com/work-org/secret.git") == "repo")
    #expect(chosen("github.com/work-org/secret") == "repo")
    #expect(chosen("github.com/work-org/secret-other.git") == "org")
    #expect(chosen("gitlab.com/work-org/app.git") == nil)
    #expect(chosen("github.com:8443/work-org/app.git") == nil, "another port is another host")
  }

  /// `--account`, then the variable, then a remote rule, then a directory rule, then the current user.
  @Test func aRemoteRuleComesAfterTheNamesAndBeforeTheDirectoryRules() throws {
    let rules = try Self.parse(Self.rule("github.com/work-org", "by-remote") + AccountRulesTests.rule("/w", "by-dir"))
    func reason(_ request: AccountRequest) -> AccountChoiceReason? {
      AccountSelector.name(for: request, rules: rules)?.reason
    }
    let remote = "github.com/work-org/app.git"
    #expect(reason(AccountRequest(explicit: "f", directory: "/w", remote: remote)) == .flag("f"))
    #expect(reason(AccountRequest(environment: "v", directory: "/w", remote: remote)) == .environment("v"))
    #expect(reason(AccountRequest(directory: "/w", remote: remote)) == .rule(rules[0]))
    #expect(reason(AccountRequest(directory: "/w", remote: "github.com/mona/app.git")) == .rule(rules[1]))
    #expect(reason(AccountRequest(directory: "/elsewhere", remote: "github.com")) == nil)
  }

  /// git's request gives the remote: the host, and the path when `credential.useHttpPath` is set.
  @Test func gitsRequestGivesTheRemote() throws {
    let withPath = try GitCredentialRequest.parse(
      Data("protocol=https\nhost=GitHub.com\npath=work-org/app.git\n\n".utf8))
    #expect(GitRemote.of(withPath) == "github.com/work-org/app.git")
    let hostOnly = try GitCredentialRequest.parse(Data("url=https://mona@git.example.com:8443/\n\n".utf8))
    #expect(GitRemote.of(hostOnly) == "git.example.com:8443")
    #expect(hostOnly.username == "mona")
    #expect(GitRemote.of(GitCredentialRequest()) == nil)
  }
}
