import Foundation
import TestSupport
import Testing

/// The command line scripts rely on: output shapes, exit codes and errors.
@Suite struct CLITests {
  @Test func statusWhenSignedOut() async throws {
    let cli = try CLIRunner()
    let result = try await cli.run(["status", "--json"])
    #expect(result.status == 0)
    #expect(result.json["signedIn"] as? Bool == false)
    #expect(result.json.keys.contains("user"))
  }

  @Test func emailAccountLifecycle() async throws {
    let cli = try CLIRunner()
    let created = try await cli.run(["sign-up-email", "ada@example.com", "--json"], stdin: "correct horse battery\n")
    #expect(created.status == 0, "\(created.stderr)")
    #expect(created.json["isNewUser"] as? Bool == true)
    let status = try await cli.run(["status", "--json"])
    let user = try #require(status.json["user"] as? [String: Any])
    #expect(status.json["signedIn"] as? Bool == true)
    #expect(user["email"] as? String == "ada@example.com")
    #expect(user["emailVerified"] as? Bool == false)
    #expect((user["uid"] as? String)?.count == 28)
    #expect(user["providerData"] as? [Any] != nil)
    let metadata = try #require(user["metadata"] as? [String: Any])
    #expect(metadata["creationTime"] is String && metadata["lastSignInTime"] is String)
    #expect(try await cli.run(["methods", "ada@example.com"]).stdout == "password\n")
    let token = try await cli.run(["id-token"])
    #expect(token.status == 0 && token.stdout.split(separator: ".").count == 3)
    #expect(try await cli.run(["sign-out"]).status == 0)
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
    #expect(try await cli.run(["sign-in-email", "ada@example.com"], stdin: "correct horse battery\n").status == 0)
  }

  @Test func errorsAreOneLineOnStderrOrJSONOnStdout() async throws {
    let cli = try CLIRunner()
    _ = try await cli.run(["sign-up-email", "ada@example.com"], stdin: "correct horse battery\n")
    let plain = try await cli.run(["sign-in-email", "ada@example.com"], stdin: "wrong password\n")
    #expect(plain.status != 0)
    #expect(plain.stdout.isEmpty)
    #expect(plain.stderr.hasPrefix("auth-desktop: auth/wrong-password: "))
    #expect(plain.stderr.split(separator: "\n").count == 1)
    #expect(!plain.stderr.contains("wrong password"), "the password was echoed")
    let json = try await cli.run(["sign-in-email", "ada@example.com", "--json"], stdin: "wrong password\n")
    #expect(json.status != 0)
    let error = try #require(json.json["error"] as? [String: Any])
    #expect(error["code"] as? String == "auth/wrong-password")
    #expect(error["message"] is String)
  }

  @Test func operationsWithoutAUserFail() async throws {
    let cli = try CLIRunner()
    for arguments in [
      ["id-token"], ["unlink", "github.com"], ["token", "github.com"], ["link-pending"], ["delete-account"],
    ] {
      let result = try await cli.run(arguments + ["--json"])
      #expect(result.status != 0, "\(arguments)")
      #expect((result.json["error"] as? [String: Any])?["code"] as? String == "auth/no-current-user", "\(arguments)")
    }
  }

  @Test func brokenConfigurationNamesFileAndKey() async throws {
    let cli = try CLIRunner(configuration: "[providers.\"github.com\"]\nclient_secret = \"x\"\n")
    let result = try await cli.run(["status"])
    #expect(result.status != 0)
    #expect(result.stderr.contains("auth/invalid-configuration"))
    #expect(result.stderr.contains(cli.configFile.path) && result.stderr.contains("client_id"))
  }

  @Test func signInNoBrowserNoWaitPrintsTheURLAndKeepsItPending() async throws {
    let cli = try CLIRunner(configuration: "[providers.\"github.com\"]\nclient_id = \"cli-test\"\n")
    let result = try await cli.run([
      "sign-in", "github.com", "--no-browser", "--no-wait", "--json", "--param", "login=ada",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    let first = try #require(
      lines.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
    let url = try #require((first["authorizationURL"] as? String).flatMap(URLComponents.init(string:)))
    #expect(url.host == "github.com")
    #expect(url.queryItems?.first { $0.name == "code_challenge_method" }?.value == "S256")
    #expect(url.queryItems?.first { $0.name == "login" }?.value == "ada")
    #expect(lines.count == 2 && lines[1].contains("pendingId"))
    // A forged redirect for it changes nothing.
    let forged = try await cli.run([
      "dev.authdesktop.authdesktop:/oauth2redirect/github.com?code=x&state=forged", "--json",
    ])
    #expect((forged.json["error"] as? [String: Any])?["code"] as? String == "auth/invalid-state")
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
    let reserved = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--param", "state=x"])
    #expect(reserved.stderr.contains("auth/invalid-custom-parameter"))
  }

  @Test func providersAreListed() async throws {
    let cli = try CLIRunner(
      configuration:
        "[providers.\"github.com\"]\nclient_id = \"c\"\n[providers.\"oidc.corp\"]\nissuer = \"https://idp.example\"\nclient_id = \"c\"\n"
    )
    let providers = try #require(try await cli.run(["providers", "--json"]).json["providers"] as? [[String: Any]])
    #expect(providers.map { $0["providerId"] as? String } == ["github.com", "oidc.corp"])
  }
}
