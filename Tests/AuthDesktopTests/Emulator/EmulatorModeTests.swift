import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// `--emulator` end to end through the command line, with the browser's part played at the emulator's
/// consent page: per provider, a sign-in, a link, the account-exists conflict and its resolution
/// through `link-pending`. Redirects come back through the app's custom scheme to a fresh
/// `auth-desktop URI` process, which reaches the emulator on its fixed port.
@Suite struct EmulatorModeTests {
  /// The setup, providers and seeded identities live in EmulatorModeSetup.swift (shared with
  /// `EmulatorFirebaseModeTests`).
  typealias Setup = EmulatorModeSetup
  static let all = EmulatorModeSetup.providers
  static let seededIdentity = EmulatorModeSetup.seededIdentity

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

    let first = try await setup.signIn(provider) { try await Browser.add($0, name: name, email: email) }
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.json["isNewUser"] as? Bool == true)
    let uid = try await #require((setup.run(["status", "--json"]).json["user"] as? [String: Any])?["uid"] as? String)

    let link = try await setup.signIn(linked, ["--link"]) {
      try await Browser.approve($0, as: Self.seededIdentity[linked]!)
    }
    #expect(link.status == 0, "\(link.stderr)")
    await #expect(try setup.providers() == [provider, linked].sorted())

    #expect(try await setup.run(["sign-out"]).status == 0)
    let conflict = try await setup.signIn(conflicting) {
      try await Browser.add($0, name: "Ada elsewhere", email: email)
    }
    let error = try #require(conflict.json["error"] as? [String: Any], "\(conflict.stdout) \(conflict.stderr)")
    #expect(error["code"] as? String == "auth/account-exists-with-different-credential")
    #expect(error["email"] as? String == email)
    #expect(error["providerId"] as? String == conflicting)
    #expect((error["signInMethods"] as? [String])?.contains(provider) == true)

    let again = try await setup.signIn(provider) { try await Browser.approve($0, as: "\(name) <\(email)>") }
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
    let redirect = try await Browser.approve(url, as: Self.seededIdentity["github.com"]!)
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
    let denied = try await setup.signIn("oidc.emulator") { try await Browser.deny($0) }
    #expect((denied.json["error"] as? [String: Any])?["code"] as? String == "auth/web-context-cancelled")
    #expect(try await setup.run(["status", "--json"]).json["signedIn"] as? Bool == false)
  }
}
