import AuthEmulator
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The real `auth-desktop emulator` process, over real HTTP on 127.0.0.1.
@Suite struct EmulatorCommandTests {
  /// `auth-desktop emulator ARGUMENTS` left running, with its base URL read from the line it prints.
  final class Emulator: @unchecked Sendable {
    let running: CLIRunner.Running
    let base: URL
    let lines: [String]

    init(_ cli: CLIRunner, _ arguments: [String] = ["--port", "0"]) throws {
      running = try cli.start(["emulator"] + arguments)
      let buffer = running.output.fileHandleForReading.read(until: {
        String(decoding: $0, as: UTF8.self).contains("Emulator listening on") && $0.last == UInt8(ascii: "\n")
      })
      lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n").map(String.init)
      let line = lines.first { $0.hasPrefix("Emulator listening on ") } ?? ""
      let url = line.dropFirst("Emulator listening on ".count).prefix { $0 != " " }
      guard let base = URL(string: String(url)), base.port != nil else {
        running.process.terminate()
        throw EmulatorDidNotStart(
          stderr: String(decoding: running.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
      }
      self.base = base
    }

    /// Sends `signal` and returns the exit status.
    func stop(_ signal: Int32 = SIGTERM) async throws -> CLIRunner.Result {
      kill(running.process.processIdentifier, signal)
      return try await running.finish()
    }

    deinit { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }
  }

  struct EmulatorDidNotStart: Error { var stderr: String }

  static let transport = URLSessionTransport(timeout: TestEnvironment.requestTimeout)

  @Test func servesTheIdentityDocumentAndStopsOnSIGINTAndSIGTERM() async throws {
    for signal in [SIGINT, SIGTERM] {
      let emulator = try Emulator(try CLIRunner())
      let answer = try await Self.transport.send(
        HTTPRequest(url: emulator.base.appendingPathComponent(".well-known/auth-desktop-emulator")))
      #expect(answer.status == 200)
      let document = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
      #expect(document?["emulator"] as? String == "dev.authdesktop.AuthDesktop")
      #expect(document?["version"] as? Int == 1)
      let result = try await emulator.stop(signal)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(emulator.running.process.terminationReason == .exit)  // not killed by the signal
    }
  }

  @Test func gitHubSignInThroughTheCommandLine() async throws {
    let cli = try CLIRunner()
    let emulator = try Emulator(cli)
    // The app's configuration: the built-in one, pointed at this emulator.
    try Data(
      ("[app]\nsecret_store = \"file\"\n" + EmulatorSetup.defaultConfigurationText(emulatorBaseURL: emulator.base)).utf8
    ).write(to: cli.configFile)
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    #expect(started.status == 0, "\(started.stderr)")
    let line = try #require(started.stdout.split(separator: "\n").first)
    let url = try #require(
      ((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["authorizationURL"] as? String)
        .flatMap(URL.init(string:)))
    let redirect = try await Browser.approve(url, as: "Mona Octocat <octocat@example.com>").absoluteString
    #expect(redirect.hasPrefix("\(AppIdentity.tests.redirectScheme):/oauth2redirect/github.com?code="))
    let delivered = try await cli.run([redirect, "--json"])
    #expect(delivered.status == 0, "\(delivered.stderr)")
    #expect(delivered.json["isNewUser"] as? Bool == true)
    let status = try await cli.run(["status", "--json"])
    let user = try #require(status.json["user"] as? [String: Any])
    #expect(user["email"] as? String == "octocat@example.com")
    #expect((user["providerData"] as? [[String: Any]])?.first?["uid"] as? String == "583231")
    #expect(try await emulator.stop().status == 0)
  }

  @Test func aPortInUseIsAClearError() async throws {
    let cli = try CLIRunner()
    let first = try Emulator(cli)
    let second = try await cli.run(["emulator", "--port", String(first.base.port!)])
    #expect(second.status == 1)
    #expect(second.stderr.contains("auth/emulator-port-in-use"), "\(second.stderr)")
    #expect(try await first.stop().status == 0)
  }

  @Test func resetForgetsAddedIdentities() async throws {
    let cli = try CLIRunner()
    let file = cli.dataDirectory.appendingPathComponent("emulator/identities.json")
    let emulator = try Emulator(cli)
    let authorize = emulator.base.appendingPathComponent("github/login/oauth/authorize").appendingQuery([
      "client_id": EmulatorSetup.githubClientID,
      "redirect_uri": "\(AppIdentity.tests.redirectScheme):/oauth2redirect/github.com",
      "code_challenge": "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", "code_challenge_method": "S256",
    ])
    _ = try await Browser.add(authorize, name: "Ada Lovelace", email: "ada@example.com")
    #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains("Ada Lovelace"))
    #expect(try await emulator.stop().status == 0)
    let reset = try Emulator(cli, ["--port", "0", "--reset"])
    #expect(reset.lines.first?.hasPrefix("Test identities reset") == true)
    let kept = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(!kept.contains("Ada Lovelace"))
    #expect(kept.contains("Mona Octocat"))
    #expect(try await reset.stop(SIGINT).status == 0)
  }
}
