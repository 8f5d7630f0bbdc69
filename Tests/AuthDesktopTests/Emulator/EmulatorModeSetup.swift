import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// A private config (only `[app] secret_store = "file"`: the built-in providers), data dir and emulator
/// port, for the `--emulator` suites (`EmulatorModeTests`, `EmulatorFirebaseModeTests`).
struct EmulatorModeSetup {
  /// The built-in providers, in their order.
  static let providers = ["github.com", "twitter.com", "oidc.emulator"]
  /// The seeded identity of each provider, as its "Sign in as …" button reads.
  static let seededIdentity = [
    "github.com": "Mona Octocat <octocat@example.com>", "twitter.com": "Tweety Bird <tweety@example.com>",
    "oidc.emulator": "Jane Doe <jane@example.com>",
  ]

  let cli: CLIRunner
  let port = FreePort.next()
  var environment: [String: String] { [EmulatorMode.portVariable: String(port)] }

  init(configuration: String = "") throws { cli = try CLIRunner(configuration: configuration) }

  func run(_ arguments: [String], stdin: String? = nil) async throws -> CLIRunner.Result {
    try await cli.run(arguments + ["--emulator"], stdin: stdin, environment: environment)
  }

  /// `auth-desktop emulator --port PORT [ARGUMENTS]`, running until the test kills it.
  func startEmulator(_ arguments: [String] = []) async throws -> CLIRunner.Running {
    let emulator = try cli.start(["emulator", "--port", String(port)] + arguments, environment: environment)
    let line = try await emulator.firstLine()
    if line?.contains("127.0.0.1:\(port)") != true {
      kill(emulator.process.processIdentifier, SIGKILL)
      let ended = try await emulator.finish()
      Issue.record("emulator said: \(line ?? "nothing"); on stderr: \(ended.stderr)")
    }
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

/// The payload of a JWT, unverified (for the command line's ID tokens).
enum JWTPayload {
  static func claims(_ token: String) -> [String: Any]? {
    let parts = token.split(separator: ".")
    guard parts.count == 3, let data = Base64URL.decode(parts[1]) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }
}
