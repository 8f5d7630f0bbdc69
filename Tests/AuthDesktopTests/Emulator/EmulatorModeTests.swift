import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopShared

/// `--emulator` end to end through the command line, with the browser's part played at the emulator's
/// consent page: per provider, a sign-in, a link, the account-exists conflict and its resolution
/// through `link-pending`. Redirects come back through the app's custom scheme to a fresh
/// `auth-desktop URI` process, which reaches the emulator on its fixed port.
@Suite struct EmulatorModeTests {
  /// A private config (only `[app] secret_store = "file"`: the built-in providers), data dir and emulator port.
  struct Setup {
    let cli: CLIRunner
    let port = FreePort.next()
    var environment: [String: String] { [EmulatorMode.portVariable: String(port)] }

    init(configuration: String = "") throws { cli = try CLIRunner(configuration: configuration) }

    func run(_ arguments: [String], stdin: String? = nil) async throws -> CLIRunner.Result {
      try await cli.run(arguments + ["--emulator"], stdin: stdin, environment: environment)
    }

    /// `auth-desktop emulator --port PORT`, running until the test kills it.
    func startEmulator() async throws -> CLIRunner.Running {
      let emulator = try cli.start(["emulator", "--port", String(port)], environment: environment)
      let line = try await emulator.firstLine()
      #expect(line?.contains("127.0.0.1:\(port)") == true, "emulator said: \(line ?? "nothing")")
      return emulator
    }

    /// `sign-in PROVIDER FLAGS --no-browser --no-wait --json`, `choose` at the consent page, then the
    /// redirect delivered to a fresh process; returns that process's result.
    func signIn(_ provider: String, _ flags: [String] = [], choose: (URL) async throws -> URL) async throws
      -> CLIRunner.Result
    {
      let started = try await run(["sign-in", provider] + flags + ["--no-browser", "--no-wait", "--json"])
      guard started.status == 0 else { return started }
      let url = try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first)
      #expect(url.port == Int(port))
      let redirect = try await choose(url)
      #expect(redirect.scheme == AppIdentity.tests.redirectScheme, "\(redirect)")
      return try await run([redirect.absoluteString, "--json"])
    }

    func providers() async throws -> [String] {
      let user = try await run(["status", "--json"]).json["user"] as? [String: Any]
      return ((user?["providerData"] as? [[String: Any]]) ?? []).compactMap { $0["providerId"] as? String }.sorted()
    }
  }

  static let all = ["github.com", "twitter.com", "oidc.emulator"]
  static let seededIdentity = [
    "github.com": "Mona Octocat <octocat@example.com>", "twitter.com": "Tweety Bird <tweety@example.com>",
    "oidc.emulator": "Jane Doe <jane@example.com>",
  ]

  /// With `provider` first: sign in as a new identity, link the next provider, then the third one's
  /// identity with the same email is refused with account-exists-with-different-credential, and linked
  /// with `link-pending` after signing in with `provider` again.
  @Test(arguments: all)
  func signInLinkConflictAndLinkPending(provider: String) async throws {
    let setup = try Setup()
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let index = Self.all.firstIndex(of: provider)!
    let (linked, conflicting) = (Self.all[(index + 1) % 3], Self.all[(index + 2) % 3])
    let name = "Ada \(provider)"
    let email = "ada.\(index)@example.com"

    let first = try await setup.signIn(provider) { try await EmulatorBrowser.add($0, name: name, email: email) }
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.json["isNewUser"] as? Bool == true)
    let uid = try await #require((setup.run(["status", "--json"]).json["user"] as? [String: Any])?["uid"] as? String)

    let link = try await setup.signIn(linked, ["--link"]) {
      try await EmulatorBrowser.approve($0, as: Self.seededIdentity[linked]!)
    }
    #expect(link.status == 0, "\(link.stderr)")
    await #expect(try setup.providers() == [provider, linked].sorted())

    #expect(try await setup.run(["sign-out"]).status == 0)
    let conflict = try await setup.signIn(conflicting) {
      try await EmulatorBrowser.add($0, name: "Ada elsewhere", email: email)
    }
    let error = try #require(conflict.json["error"] as? [String: Any], "\(conflict.stdout) \(conflict.stderr)")
    #expect(error["code"] as? String == "auth/account-exists-with-different-credential")
    #expect(error["email"] as? String == email)
    #expect(error["providerId"] as? String == conflicting)
    #expect((error["signInMethods"] as? [String])?.contains(provider) == true)

    let again = try await setup.signIn(provider) { try await EmulatorBrowser.approve($0, as: "\(name) <\(email)>") }
    #expect(again.status == 0, "\(again.stderr)")
    let pending = try await setup.run(["link-pending", "--json"])
    #expect(pending.status == 0, "\(pending.stderr)")
    await #expect(try setup.providers() == Self.all.sorted())
    let user = try await #require(setup.run(["status", "--json"]).json["user"] as? [String: Any])
    #expect(user["uid"] as? String == uid)
    for id in Self.all {
      #expect(try await setup.run(["token", id, "--json"]).json["accessToken"] as? String != nil, "token \(id)")
    }
  }

  /// Without a running emulator, a waiting `sign-in` starts one in its own process; the redirect,
  /// delivered to a fresh process, reaches it there; `--no-wait` refuses, since that emulator would end
  /// with the command.
  @Test func aWaitingSignInServesTheEmulatorItself() async throws {
    let setup = try Setup()
    let refused = try await setup.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    #expect((refused.json["error"] as? [String: Any])?["code"] as? String == "auth/emulator-unavailable")

    let waiting = try setup.cli.start(
      ["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60", "--emulator"],
      environment: setup.environment)
    defer { if waiting.process.isRunning { kill(waiting.process.processIdentifier, SIGKILL) } }
    let url = try CLIRunner.authorizationURL(try await waiting.firstLine())
    let redirect = try await EmulatorBrowser.approve(url, as: Self.seededIdentity["github.com"]!)
    let delivered = try await setup.run([redirect.absoluteString, "--json"])
    #expect(delivered.status == 0, "\(delivered.stderr)")
    let result = try await waiting.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"signedIn\":true"))
    // Emulator accounts keep their secrets in their own partition (and data dir).
    let secrets = setup.cli.dataDirectory.appendingPathComponent("emulator/secrets")
    let namespaces = try FileManager.default.contentsOfDirectory(atPath: secrets.path)
    #expect(!namespaces.isEmpty && namespaces.allSatisfy { $0.hasPrefix("emulator.") }, "\(namespaces)")
  }

  /// Denying at the consent page is `auth/web-context-cancelled`, and nobody is signed in.
  @Test func denyingCancelsTheSignIn() async throws {
    let setup = try Setup()
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let denied = try await setup.signIn("oidc.emulator") { try await EmulatorBrowser.deny($0) }
    #expect((denied.json["error"] as? [String: Any])?["code"] as? String == "auth/web-context-cancelled")
    #expect(try await setup.run(["status", "--json"]).json["signedIn"] as? Bool == false)
  }
}
