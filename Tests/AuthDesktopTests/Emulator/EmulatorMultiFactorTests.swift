import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// The TOTP second factor end to end: the command line against the built-in emulator (`--emulator`
/// with a `[firebase]` table), and pyotp as the user's authenticator app
/// (`Tests/Servers/authenticator_app.py`), which reads the `otpauth://` URI `mfa enroll totp` shows.
@Suite struct EmulatorMultiFactorTests {
  let setup: EmulatorModeSetup
  let email = "ada.mfa@example.com"

  init() throws { setup = try EmulatorModeSetup(configuration: EmulatorFirebaseModeTests.table) }

  /// The code pyotp makes for `uri`, `ahead` steps after the current one.
  func authenticator(_ uri: String, ahead: Int = 0) async throws -> String {
    var runner = setup.cli
    runner.executable = URL(fileURLWithPath: EmulatorAdminSDKTests.python)
    let script = TestServers.repositoryRoot.appendingPathComponent("Tests/Servers/authenticator_app.py").path
    let result = try await runner.run([script, String(ahead)], stdin: uri + "\n")
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A password user with a verified email, made through the emulator's Admin API (MFA needs one).
  func createVerifiedUser() async throws {
    let url = URL(
      string: "http://127.0.0.1:\(setup.port)/identitytoolkit.googleapis.com/v1/projects/my-app-12345/accounts")!
    let body = try JSONSerialization.data(withJSONObject: [
      "email": email, "password": "correct horse", "emailVerified": true,
    ])
    let response = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(
      HTTPRequest(
        method: "POST", url: url,
        headers: [("Authorization", "Bearer owner"), ("Content-Type", "application/json")], body: body))
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
  }

  func errorCode(_ result: CLIRunner.Result) -> String? {
    (result.json["error"] as? [String: Any])?["code"] as? String
  }

  /// `mfa enroll totp --json --totp-code-stdin`: the secret's line first, then the code pyotp makes
  /// from its URI; the URI.
  func enroll() async throws -> String {
    let input = Pipe()
    let running = try setup.cli.start(
      ["mfa", "enroll", "totp", "--display-name", "Phone", "--json", "--totp-code-stdin", "--emulator"],
      environment: setup.environment, input: input)
    let line = try #require(try await running.firstLine())
    let shown = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let uri = try #require(shown["otpauthURI"] as? String)
    let key = try #require(shown["sharedSecretKey"] as? String)
    #expect(uri.hasPrefix("otpauth://totp/my-app-12345:ada.mfa%40example.com?secret=\(key)&issuer=my-app-12345"))
    input.fileHandleForWriting.write(Data((try await authenticator(uri) + "\n").utf8))
    try input.fileHandleForWriting.close()
    let done = try await running.finish()
    #expect(done.status == 0, "\(done.stdout) \(done.stderr)")
    let factors = done.lastLineJSON?["factors"] as? [[String: Any]]
    #expect(factors?.first?["factorId"] as? String == "totp" && factors?.first?["displayName"] as? String == "Phone")
    return uri
  }

  @Test func enrollWithPyotpThenSignInAskingForTheCode() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    try await createVerifiedUser()
    let first = try await setup.run(["sign-in-email", email, "--json"], stdin: "correct horse\n")
    #expect(first.status == 0, "\(first.stdout) \(first.stderr)")
    let uri = try await enroll()
    let listed = try await setup.run(["mfa", "list", "--json"])
    let factor = try #require((listed.json["factors"] as? [[String: Any]])?.first?["uid"] as? String)
    #expect(try await setup.run(["sign-out"]).status == 0)

    // A code of no current step: refused, nobody signed in.
    let wrong = try await setup.run(
      ["sign-in-email", email, "--json", "--totp-code-stdin"],
      stdin: "correct horse\n" + (try await authenticator(uri, ahead: 5)) + "\n")
    #expect(wrong.status == 1 && errorCode(wrong) == "auth/invalid-verification-code", "\(wrong.stdout)")
    #expect((try await setup.run(["status", "--json"])).json["signedIn"] as? Bool == false)
    // The next step's code (the enrollment used this step's): signed in.
    let signedIn = try await setup.run(
      ["sign-in-email", email, "--json", "--totp-code-stdin"],
      stdin: "correct horse\n" + (try await authenticator(uri, ahead: 1)) + "\n")
    #expect(signedIn.status == 0, "\(signedIn.stdout) \(signedIn.stderr)")
    #expect((signedIn.json["user"] as? [String: Any])?["email"] as? String == email)

    let removed = try await setup.run(["mfa", "unenroll", factor, "--json"])
    #expect(removed.status == 0 && removed.json["unenrolled"] as? String == factor, "\(removed.stdout)")
    #expect(((try await setup.run(["mfa", "list", "--json"])).json["factors"] as? [Any])?.isEmpty == true)
  }

  @Test func theLocalStoreHasNoSecondFactor() async throws {
    let local = try EmulatorModeSetup()
    let signedUp = try await local.run(["sign-up-email", email, "--json"], stdin: "correct horse battery\n")
    #expect(signedUp.status == 0, "\(signedUp.stdout) \(signedUp.stderr)")
    let listed = try await local.run(["mfa", "list", "--json"])
    #expect(listed.status == 1 && errorCode(listed) == "auth/operation-not-allowed", "\(listed.stdout)")
  }
}
