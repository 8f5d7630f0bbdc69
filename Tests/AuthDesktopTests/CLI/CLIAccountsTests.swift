import Foundation
import TestSupport
import Testing

/// Several signed-in accounts on the command line (docs/command-line.md, "Several accounts"):
/// `accounts`, `switch`, `sign-out --account/--all`, and `--account` / `AUTH_DESKTOP_ACCOUNT` on the
/// commands that act on an account.
@Suite struct CLIAccountsTests {
  static let password = "correct horse battery\n"

  /// Signs up `emails` in order (each becomes current); returns their uids.
  static func signUp(_ cli: CLIRunner, _ emails: [String]) async throws -> [String] {
    var uids: [String] = []
    for email in emails {
      let result = try await cli.run(["sign-up-email", email, "--json"], stdin: password)
      #expect(result.status == 0, "\(result.stderr)")
      uids.append(try #require((result.json["user"] as? [String: Any])?["uid"] as? String))
    }
    return uids
  }

  static func accounts(_ cli: CLIRunner, _ extra: [String] = []) async throws -> [String: Any] {
    let result = try await cli.run(["accounts", "--json"] + extra)
    #expect(result.status == 0, "\(result.stderr)")
    return result.json
  }

  /// The `sub` of an ID token.
  static func subject(_ token: String) -> String? {
    let part = token.split(separator: ".")[1]
    var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let payload = Data(base64Encoded: base64).flatMap { try? JSONSerialization.jsonObject(with: $0) }
    return (payload as? [String: Any])?["sub"] as? String
  }

  @Test func signingInAddsAnAccountAndCommandsActOnTheChosenOne() async throws {
    let cli = try CLIRunner()
    let uids = try await Self.signUp(cli, ["ada@example.com", "bob@example.com"])
    let listed = try await Self.accounts(cli)
    let rows = try #require(listed["accounts"] as? [[String: Any]])
    #expect(rows.compactMap { $0["uid"] as? String } == uids)
    #expect(rows.map { $0["current"] as? Bool } == [false, true])
    #expect(listed["current"] as? String == uids[1])
    let chosen = try #require(listed["chosen"] as? [String: Any])
    #expect(chosen["uid"] as? String == uids[1])
    #expect((chosen["reason"] as? [String: Any])?["kind"] as? String == "current")
    // The text listing: a line per user (uid, email, providers), then the current and the chosen marks.
    let lines = try await cli.run(["accounts"]).stdout.split(separator: "\n").map(String.init)
    #expect(lines.map { $0.split(separator: "\t").first.map(String.init) } == uids)
    #expect(lines.first?.hasSuffix("\tpassword") == true, "\(lines)")
    #expect(lines.last?.hasSuffix("\tcurrent, chosen the current user") == true, "\(lines)")
    let byFlagLines = try await cli.run(["accounts", "--account", "ada@example.com"]).stdout.split(separator: "\n")
    #expect(byFlagLines.first?.hasSuffix("\tchosen by --account") == true, "\(byFlagLines)")
    #expect(byFlagLines.last?.hasSuffix("\tbob@example.com\tpassword\tcurrent") == true, "\(byFlagLines)")

    let byFlag = try await cli.run(["status", "--json", "--account", "ADA@example.com"])
    #expect((byFlag.json["user"] as? [String: Any])?["uid"] as? String == uids[0])
    #expect(((byFlag.json["chosen"] as? [String: Any])?["reason"] as? [String: Any])?["kind"] as? String == "flag")
    let byVariable = try await cli.run(["id-token"], environment: ["AUTH_DESKTOP_ACCOUNT": uids[0]])
    #expect(Self.subject(byVariable.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == uids[0])
    let flagFirst = try await cli.run(
      ["id-token", "--account", "bob@example.com"], environment: ["AUTH_DESKTOP_ACCOUNT": uids[0]])
    #expect(Self.subject(flagFirst.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) == uids[1])
    let plain = try await cli.run(["status", "--account", "ada@example.com"])
    #expect(plain.stdout.contains("chosen: by --account"), "\(plain.stdout)")

    #expect(try await cli.run(["switch", "ada@example.com"]).status == 0)
    #expect(try await Self.accounts(cli)["current"] as? String == uids[0])
    let out = try await cli.run(["sign-out", "--account", "bob@example.com", "--json"])
    #expect(out.status == 0 && out.json["signedOut"] as? String == uids[1], "\(out.stdout)\(out.stderr)")
    #expect((try await Self.accounts(cli)["accounts"] as? [Any])?.count == 1)
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
    _ = try await Self.signUp(cli, ["cy@example.com"])
    #expect(try await cli.run(["sign-out", "--all"]).status == 0)
    #expect((try await Self.accounts(cli)["accounts"] as? [Any])?.isEmpty == true)
  }

  @Test func anAccountThatMatchesNothingIsAnErrorWithTheCandidates() async throws {
    let cli = try CLIRunner()
    let uids = try await Self.signUp(cli, ["ada@example.com", "bob@example.com"])
    for arguments in [["status"], ["id-token"], ["token", "github.com"], ["sign-out"], ["accounts"], ["unlink", "x"]] {
      let result = try await cli.run(arguments + ["--json", "--account", "eve@example.com"])
      #expect(result.status != 0, "\(arguments)")
      let error = try #require(result.json["error"] as? [String: Any], "\(arguments): \(result.stdout)")
      #expect(error["code"] as? String == "auth/unknown-account", "\(arguments)")
      #expect(error["account"] as? String == "eve@example.com")
      #expect((error["candidates"] as? [[String: Any]])?.compactMap { $0["uid"] as? String } == uids)
    }
    let plain = try await cli.run(["switch", "eve@example.com"])
    #expect(plain.status != 0)
    #expect(plain.stderr.hasPrefix("auth-desktop: auth/unknown-account: "))
    #expect(plain.stderr.contains("ada@example.com") && plain.stderr.contains("bob@example.com"))
    #expect(try await Self.accounts(cli)["current"] as? String == uids[1], "a failed choice changed the current user")
  }

  /// A candidate with no email (an anonymous user) is listed without the key, not with a made-up value.
  @Test func aCandidateWithoutAnEmailHasNoEmailKey() async throws {
    let cli = try CLIRunner()
    let anonymous = try await cli.run(["sign-in", "--anonymous", "--json"])
    #expect(anonymous.status == 0, "\(anonymous.stderr)")
    let result = try await cli.run(["status", "--json", "--account", "eve@example.com"])
    let error = try #require(result.json["error"] as? [String: Any], "\(result.stdout)")
    let candidates = try #require(error["candidates"] as? [[String: Any]])
    #expect(candidates.count == 1)
    #expect(candidates.first?.keys.contains("email") == false, "\(candidates)")
  }

  /// Two processes signing up at once both end signed in; the current one is one of them.
  @Test func twoProcessesSigningInAtOnceBothStaySignedIn() async throws {
    let cli = try CLIRunner()
    _ = try await cli.run(["status"])  // the store exists before the race
    async let first = cli.run(["sign-up-email", "ada@example.com"], stdin: Self.password)
    async let second = cli.run(["sign-up-email", "bob@example.com"], stdin: Self.password)
    let results = try await [first, second]
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    let listed = try await Self.accounts(cli)
    let rows = try #require(listed["accounts"] as? [[String: Any]])
    #expect(Set(rows.compactMap { $0["email"] as? String }) == ["ada@example.com", "bob@example.com"])
    let current = try #require(listed["current"] as? String)
    #expect(rows.compactMap { $0["uid"] as? String }.contains(current))
  }
}
