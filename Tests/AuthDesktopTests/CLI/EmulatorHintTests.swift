import AuthEngine
import Foundation
import TestSupport
import Testing

/// Accounts made with `--emulator` are kept apart; a command without the flag that finds nobody signed
/// in says who is signed in there, instead of only "Nobody is signed in".
@Suite struct EmulatorHintTests {
  @Test func nobodySignedInPointsAtTheEmulatorsAccount() async throws {
    let cli = try CLIRunner()
    let created = try await cli.run(
      ["--emulator", "sign-up-email", "ada@example.com", "--json"], stdin: "correct horse battery\n")
    #expect(created.status == 0, "\(created.stderr)")
    let hint = "ada@example.com is signed in with the provider emulator: add --emulator to use that account."

    let token = try await cli.run(["id-token"])
    #expect(token.status == 1)
    #expect(token.stderr.contains("auth/no-current-user"), "\(token.stderr)")
    #expect(token.stderr.contains(hint), "\(token.stderr)")
    let json = try await cli.run(["id-token", "--json"])
    #expect((json.json["error"] as? [String: Any])?["hint"] as? String == hint, "\(json.stdout)")

    let status = try await cli.run(["status"])
    #expect(status.stdout.contains("Signed out."))
    #expect(status.stderr.contains(hint), "\(status.stderr)")
    #expect(try await cli.run(["status", "--json"]).json["hint"] as? String == hint)

    #expect(try await cli.run(["--emulator", "id-token"]).status == 0)
    let emulated = try await cli.run(["--emulator", "status", "--json"])
    #expect(emulated.json["hint"] == nil && emulated.json["signedIn"] as? Bool == true, "\(emulated.stdout)")
  }

  /// Without emulator accounts, no hint.
  @Test func noHintWithoutTheEmulatorsAccounts() async throws {
    let cli = try CLIRunner()
    let token = try await cli.run(["id-token", "--json"])
    #expect((token.json["error"] as? [String: Any])?["code"] as? String == "auth/no-current-user")
    #expect((token.json["error"] as? [String: Any])?["hint"] == nil)
  }
}
