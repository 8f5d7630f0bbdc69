import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// `auth-desktop --emulator` with a `[firebase]` table: the whole Firebase mode offline. The provider
/// leg goes to the emulator's providers and the accounts to its Identity Toolkit, on one port; the
/// command line's output has the shape it has against a real project.
@Suite struct EmulatorFirebaseModeTests {
  static let table = """
    [firebase]
    api_key = "AIza-local-only"
    project_id = "my-app-12345"

    """

  /// Sign in, link, a conflict and `link-pending`, as `EmulatorModeTests` does with the local store.
  @Test func signInLinkConflictAndLinkPendingOffline() async throws {
    let setup = try EmulatorModeSetup(configuration: Self.table)
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let email = "ada.firebase@example.com"

    let first = try await setup.signIn("github.com") { try await Browser.add($0, name: "Ada", email: email) }
    #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
    #expect(first.json["isNewUser"] as? Bool == true)
    let status = try await setup.run(["status", "--json"])
    let project = try #require(status.json["firebase"] as? [String: Any], "\(status.stdout)")
    #expect(project["projectId"] as? String == "my-app-12345", "the configured project, as the emulator serves any")
    #expect(project["emulatorHost"] as? String == "127.0.0.1:\(setup.port)")
    let uid = try #require((status.json["user"] as? [String: Any])?["uid"] as? String)

    let link = try await setup.signIn("twitter.com", ["--link"]) {
      try await Browser.approve($0, as: EmulatorModeSetup.seededIdentity["twitter.com"]!)
    }
    #expect(link.status == 0, "\(link.stderr)")
    await #expect(try setup.providers() == ["github.com", "twitter.com"])

    #expect(try await setup.run(["sign-out"]).status == 0)
    let conflict = try await setup.signIn("oidc.emulator") {
      try await Browser.add($0, name: "Ada at work", email: email)
    }
    let error = try #require(conflict.json["error"] as? [String: Any], "\(conflict.stdout) \(conflict.stderr)")
    #expect(error["code"] as? String == "auth/account-exists-with-different-credential")
    #expect(error["email"] as? String == email && error["providerId"] as? String == "oidc.emulator")
    #expect(error["signInMethods"] as? [String] == ["github.com", "twitter.com"])

    let again = try await setup.signIn("github.com") { try await Browser.approve($0, as: "Ada <\(email)>") }
    #expect(again.status == 0, "\(again.stderr)")
    let pending = try await setup.run(["link-pending", "--json"])
    #expect(pending.status == 0, "\(pending.stderr)")
    await #expect(try setup.providers() == EmulatorModeSetup.providers.sorted())
    let user = try #require(try await setup.run(["status", "--json"]).json["user"] as? [String: Any])
    #expect(user["uid"] as? String == uid)
    let idToken = try await setup.run(["id-token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let claims = try #require(JWTPayload.claims(idToken))
    #expect(claims["aud"] as? String == "my-app-12345" && claims["sub"] as? String == uid)
  }
}
