import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// A backend on the built-in emulator: firebase-admin (PyPI), pointed at it with
/// `FIREBASE_AUTH_EMULATOR_HOST`, manages the users the command line signs in
/// (`Tests/Servers/firebase_admin_backend.py`, one step per run), and the CLI's next refresh answers
/// as Firebase documents it after each change.
@Suite struct EmulatorAdminSDKTests {
  static let projectID = "my-app-12345"
  static let python =
    ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_PYTHON"]
    ?? TestServers.repositoryRoot.appendingPathComponent(".venv/bin/python").path

  let setup: EmulatorModeSetup
  var emulatorHost: String { "127.0.0.1:\(setup.port)" }

  init() throws { setup = try EmulatorModeSetup(configuration: EmulatorFirebaseModeTests.table) }

  /// `firebase_admin_backend.py PROJECT STEP ARGUMENTS` (stdin: `stdin`), its JSON answer.
  func backend(_ step: String, _ arguments: [String] = [], stdin: String? = nil) async throws -> [String: Any] {
    var runner = setup.cli
    runner.executable = URL(fileURLWithPath: Self.python)
    let script = TestServers.repositoryRoot.appendingPathComponent("Tests/Servers/firebase_admin_backend.py").path
    let result = try await runner.run(
      [script, Self.projectID, step] + arguments, stdin: stdin,
      environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorHost])
    #expect(result.status == 0, "\(step): \(result.stderr)")
    return result.json
  }

  func idToken(refresh: Bool = false) async throws -> CLIRunner.Result {
    try await setup.run(["id-token"] + (refresh ? ["--force-refresh", "--json"] : []))
  }

  func errorCode(_ result: CLIRunner.Result) -> String? {
    (result.json["error"] as? [String: Any])?["code"] as? String
  }

  func signIn(_ email: String) async throws {
    let signedIn = try await setup.run(["sign-in-email", email, "--json"], stdin: "correct horse\n")
    #expect(signedIn.status == 0, "\(signedIn.stdout) \(signedIn.stderr)")
  }

  /// docs/emulator.md's firebase-admin snippet ("Your backend and the emulator"), as a reader runs it.
  @Test func theDocumentedSnippetRuns() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let page = try String(
      contentsOf: TestServers.repositoryRoot.appendingPathComponent("docs/emulator.md"), encoding: .utf8)
    let section = try #require(page.components(separatedBy: "## Your backend and the emulator").dropFirst().first)
    let code = try #require(
      section.components(separatedBy: "```python\n").dropFirst().first?.components(
        separatedBy: "\n```"
      ).first)
    #expect(code.contains("\"projectId\": \"\(Self.projectID)\""))
    var runner = setup.cli
    runner.executable = URL(fileURLWithPath: Self.python)
    let result = try await runner.run(["-c", code], environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorHost])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("{'role': 'editor'}") && result.stdout.contains("grace@example.com"))
  }

  @Test func aBackendManagesTheUsersTheCommandLineSignsIn() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let email = "ada.backend@example.com"
    let uid = try #require(try await backend("create", [email, "correct horse"])["uid"] as? String)
    try await signIn(email)
    let token = try await idToken().stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let verified = try await backend("verify", ["--check-revoked"], stdin: token + "\n")
    #expect(verified["uid"] as? String == uid, "\(verified)")
    #expect((verified["claims"] as? [String: Any])?["aud"] as? String == Self.projectID)
    let user = try await backend("get", [uid])
    #expect(user["email"] as? String == email && user["providers"] as? [String] == ["password"], "\(user)")

    // Custom claims reach the next ID token.
    _ = try await backend("claims", [uid, #"{"role": "admin"}"#])
    let refreshed = try await idToken(refresh: true)
    let claims = JWTPayload.claims(refreshed.json["idToken"] as? String ?? refreshed.stdout)
    #expect(claims?["role"] as? String == "admin", "\(refreshed.stdout) \(refreshed.stderr)")

    // Revoked sessions: check_revoked refuses the old ID token, the refresh is user-token-expired.
    let revoked = try await backend("revoke", [uid])
    #expect((revoked["tokensValidAfter"] as? Int ?? 0) > 0)
    #expect(
      try await backend("verify", ["--check-revoked"], stdin: token + "\n")["error"] as? String == "RevokedIdTokenError"
    )
    #expect(try await backend("verify", [], stdin: token + "\n")["uid"] as? String == uid)
    #expect(errorCode(try await idToken(refresh: true)) == "auth/user-token-expired")

    // A disabled user's refresh is user-disabled.
    try await signIn(email)
    #expect(try await backend("disable", [uid])["disabled"] as? Bool == true)
    #expect(errorCode(try await idToken(refresh: true)) == "auth/user-disabled")
    #expect(try await backend("enable", [uid])["disabled"] as? Bool == false)

    // list_users pages.
    let others = [
      try await backend("create", ["b@example.com", "correct horse"])["uid"] as? String,
      try await backend("create", ["c@example.com", "correct horse"])["uid"] as? String,
    ].compactMap { $0 }
    let pages = try #require(try await backend("list", ["2"])["pages"] as? [[String]])
    #expect(pages.map(\.count) == [2, 1], "\(pages)")
    #expect(Set(pages.joined()) == Set([uid] + others))

    // A deleted user's refresh is user-not-found.
    try await signIn(email)
    #expect(try await backend("delete", [uid])["deleted"] as? String == uid)
    #expect(errorCode(try await idToken(refresh: true)) == "auth/user-not-found")
    #expect(try await backend("get", [uid])["error"] as? String == "UserNotFoundError")
  }
}
