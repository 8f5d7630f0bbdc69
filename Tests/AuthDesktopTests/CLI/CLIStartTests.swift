import Foundation
import TestSupport
import Testing

/// What the command line's start must keep: the exact `--json` text, and the global options on the
/// command line over the environment's configuration and data dir.
@Suite struct CLIStartTests {
  static let github = "[providers.\"github.com\"]\nclient_id = \"cli-test\"\n"

  @Test func jsonIsOneLineWithSortedKeysNullsAndUnescapedSlashes() async throws {
    let cli = try CLIRunner(configuration: Self.github)
    let status = try await cli.run(["status", "--json"])
    let warning = try #require(status.json["warning"] as? String)
    #expect(status.stdout == "{\"signedIn\":false,\"user\":null,\"warning\":\"\(warning)\"}\n")
    let providers = try await cli.run(["providers", "--json"])
    #expect(
      providers.stdout
        == "{\"providers\":[{\"providerId\":\"github.com\",\"redirect\":\"scheme\","
        + "\"redirectURI\":\"dev.authdesktop.authdesktop:/oauth2redirect/github.com\"}]}\n")
  }

  @Test func configOnTheCommandLineWinsOverTheEnvironments() async throws {
    let cli = try CLIRunner(configuration: "[providers.\"github.com\"]\nclient_secret = \"no client_id\"\n")
    #expect(try await cli.run(["status", "--json"]).status != 0)
    let good = cli.root.appendingPathComponent("good.toml")
    try Data(("[app]\nsecret_store = \"file\"\n" + Self.github).utf8).write(to: good)
    for arguments in [["status", "--json", "--config", good.path], ["status", "--json", "--config=\(good.path)"]] {
      let result = try await cli.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stdout)")
      #expect(result.json["signedIn"] as? Bool == false, "\(arguments)")
    }
  }

  @Test func dataDirOnTheCommandLineWinsOverTheEnvironments() async throws {
    let cli = try CLIRunner(configuration: Self.github)
    let created = try await cli.run(["sign-up-email", "ada@example.com", "--json"], stdin: "correct horse battery\n")
    #expect(created.status == 0, "\(created.stderr)")
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
    let other = cli.root.appendingPathComponent("other-data").path
    #expect(try await cli.run(["status", "--json", "--data-dir", other]).json["signedIn"] as? Bool == false)
    let token = try await cli.run(["id-token", "--json", "--data-dir=\(other)"])
    #expect((token.json["error"] as? [String: Any])?["code"] as? String == "auth/no-current-user")
  }
}
