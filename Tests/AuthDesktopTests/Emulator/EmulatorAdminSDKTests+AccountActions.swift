import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopApp

/// Custom tokens, anonymous users and emailed codes between a backend's firebase-admin and the command
/// line, on the built-in emulator.
extension EmulatorAdminSDKTests {
  /// The codes the emulator would have emailed (`GET /emulator/v1/projects/P/oobCodes`) of `type`.
  func oobCode(_ type: String, for email: String) async throws -> String {
    let url = URL(string: "http://\(emulatorHost)/emulator/v1/projects/\(Self.projectID)/oobCodes")!
    let listed = try await Control.get(url) as? [String: Any]
    let codes = listed?["oobCodes"] as? [[String: Any]] ?? []
    let code = codes.last { $0["requestType"] as? String == type && $0["email"] as? String == email }
    return try #require(code?["oobCode"] as? String, "\(codes)")
  }

  var signedInUser: [String: Any] {
    get async throws { try await setup.run(["status", "--json"]).json["user"] as? [String: Any] ?? [:] }
  }

  @Test func aBackendsCustomTokenSignsTheCommandLineIn() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let token = try #require(
      try await backend("custom-token", ["backend-7", #"{"premium": true}"#])["token"] as? String)
    let signedIn = try await setup.run(["sign-in-custom-token", "--json"], stdin: token + "\n")
    #expect(signedIn.status == 0, "\(signedIn.stdout) \(signedIn.stderr)")
    #expect((signedIn.json["user"] as? [String: Any])?["uid"] as? String == "backend-7")
    #expect(signedIn.json["isNewUser"] as? Bool == true)
    let idToken = try await idToken().stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let claims = try #require(JWTPayload.claims(idToken))
    #expect(claims["premium"] as? Bool == true)
    #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "custom")
    #expect(try await backend("verify", ["--check-revoked"], stdin: idToken + "\n")["uid"] as? String == "backend-7")
    let forged = try await setup.run(["sign-in-custom-token", "--json"], stdin: "not-a-token\n")
    #expect(errorCode(forged) == "auth/invalid-custom-token", "\(forged.stdout)")
    #expect(
      errorCode(try await setup.run(["sign-in-custom-token", "--json"], stdin: "\n")) == "auth/invalid-custom-token")
  }

  @Test func anAnonymousUserUpgradedOnTheCommandLineIsOneUserForTheBackend() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let anonymous = try await setup.run(["sign-in", "--anonymous", "--json"])
    #expect(anonymous.status == 0, "\(anonymous.stdout) \(anonymous.stderr)")
    let user = try #require(anonymous.json["user"] as? [String: Any])
    let uid = try #require(user["uid"] as? String)
    #expect(user["isAnonymous"] as? Bool == true)
    #expect(try await backend("get", [uid])["providers"] as? [String] == [])
    let linked = try await setup.run(
      ["sign-in-email", "anon@example.com", "--link", "--json"], stdin: "correct horse\n")
    #expect((linked.json["user"] as? [String: Any])?["uid"] as? String == uid, "\(linked.stdout) \(linked.stderr)")
    #expect(try await signedInUser["isAnonymous"] as? Bool == false)
    let seen = try await backend("get", [uid])
    #expect(seen["email"] as? String == "anon@example.com" && seen["providers"] as? [String] == ["password"], "\(seen)")
    // A provider the command line links shows in get_user too.
    let link = try await setup.signIn("twitter.com", ["--link"]) {
      try await Browser.approve($0, as: EmulatorModeSetup.seededIdentity["twitter.com"]!)
    }
    #expect(link.status == 0, "\(link.stderr)")
    #expect(try await backend("get", [uid])["providers"] as? [String] == ["password", "twitter.com"])
  }

  @Test func verificationAndPasswordResetCodesFromTheEmulator() async throws {
    let emulator = try await setup.startEmulator()
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let email = "codes@example.com"
    let uid = try #require(try await backend("create", [email, "correct horse"])["uid"] as? String)
    try await signIn(email)
    #expect(try await setup.run(["verify-email", "--json"]).json["sent"] as? Bool == true)
    let verification = try await oobCode("VERIFY_EMAIL", for: email)
    let applied = try await setup.run(["verify-email", "--apply", "--json"], stdin: verification + "\n")
    #expect(applied.json["emailVerified"] as? Bool == true, "\(applied.stdout) \(applied.stderr)")
    #expect(try await signedInUser["emailVerified"] as? Bool == true)
    #expect(try await backend("get", [uid])["emailVerified"] as? Bool == true)
    let reused = try await setup.run(["verify-email", "--apply", "--json"], stdin: verification + "\n")
    #expect(errorCode(reused) == "auth/invalid-action-code")

    // A reset the user asks for, then one the backend generates (generate_password_reset_link).
    let sent = try await setup.run(["send-password-reset", email, "--json"])
    #expect(sent.json["sent"] as? Bool == true, "\(sent.stdout) \(sent.stderr)")
    let reset = try await setup.run(
      ["reset-password", "--json"], stdin: try await oobCode("PASSWORD_RESET", for: email) + "\nnew horse battery\n")
    #expect(reset.json["email"] as? String == email, "\(reset.stdout) \(reset.stderr)")
    #expect(errorCode(try await idToken(refresh: true)) == "auth/user-token-expired", "the reset ended the session")
    let generated = try #require(try await backend("reset-link", [email])["oobCode"] as? String)
    #expect(try await setup.run(["reset-password"], stdin: generated + "\nthird horse battery\n").status == 0)
    let signedIn = try await setup.run(["sign-in-email", email, "--json"], stdin: "third horse battery\n")
    #expect((signedIn.json["user"] as? [String: Any])?["uid"] as? String == uid)
    let unknown = try await setup.run(["send-password-reset", "nobody@example.com", "--json"])
    #expect(errorCode(unknown) == "auth/user-not-found")
  }

  /// Without a `[firebase]` table the accounts stay here: no email is sent, and the command says so.
  @Test func theLocalStoreSaysItSendsNoEmail() async throws {
    let local = try EmulatorModeSetup()
    let refused = try await local.run(["send-password-reset", "a@example.com", "--json"])
    let error = try #require(refused.json["error"] as? [String: Any])
    #expect(error["code"] as? String == "auth/operation-not-allowed")
    #expect((error["message"] as? String)?.contains("sends no email") == true, "\(error)")
    let anonymous = try await local.run(["sign-in", "--anonymous"])
    #expect(anonymous.status == 0 && anonymous.stdout.contains("Signed in anonymously"), "\(anonymous.stderr)")
    let custom = try await local.run(["sign-in-custom-token"], stdin: "a.b.c\n")
    #expect(custom.status == 1 && custom.stderr.contains("auth/operation-not-allowed"))
  }
}
