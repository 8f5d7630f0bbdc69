import AuthDesktopApp
import AuthEmulator
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The code page over AT-SPI: `auth-desktop --emulator` with a `[firebase]` table; the command line
  /// enrolls a TOTP factor for a password account, then the window's sign-in asks for the code, says
  /// so when it is wrong, and signs in with the right one (made with the emulator's own `TOTP` from
  /// the key the command line showed, one step ahead: the enrollment used this step's code).
  @Suite(.serialized) struct WindowSecondFactorTests {
    static let table = "[firebase]\napi_key = \"AIza-local-only\"\nproject_id = \"my-app-12345\"\n"
    static let email = "ada.window@example.com"

    /// The account, with its email verified, made through the emulator's Admin API (MFA needs one).
    static func createVerifiedUser(port: String) async throws {
      let url = URL(
        string: "http://127.0.0.1:\(port)/identitytoolkit.googleapis.com/v1/projects/my-app-12345/accounts")!
      let created = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(
        HTTPRequest(
          method: "POST", url: url, headers: [("Authorization", "Bearer owner"), ("Content-Type", "application/json")],
          body: try JSONSerialization.data(withJSONObject: [
            "email": email, "password": "correct horse", "emailVerified": true,
          ])))
      #expect(created.status == 200)
    }

    /// Creates the verified account, signs it in on the command line and enrolls a TOTP factor named
    /// "Phone"; the factor's `TOTP`.
    static func enroll(_ cli: CLIRunner, port: String) async throws -> TOTP {
      let environment = [EmulatorMode.portVariable: port]
      try await createVerifiedUser(port: port)
      let signedIn = try await cli.run(
        ["sign-in-email", email, "--json", "--emulator"], stdin: "correct horse\n", environment: environment)
      #expect(signedIn.status == 0, "\(signedIn.stdout) \(signedIn.stderr)")
      let input = Pipe()
      let enrolling = try cli.start(
        ["mfa", "enroll", "totp", "--display-name", "Phone", "--json", "--totp-code-stdin", "--emulator"],
        environment: environment, input: input)
      let line = try #require(try await enrolling.firstLine())
      let shown = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      let key = try #require(shown["sharedSecretKey"] as? String)
      let totp = TOTP(secret: try #require(Base32.decode(key)))
      input.fileHandleForWriting.write(Data((totp.code(at: Date()) + "\n").utf8))
      try input.fileHandleForWriting.close()
      let done = try await enrolling.finish()
      #expect(done.status == 0, "\(done.stdout) \(done.stderr)")
      #expect(try await cli.run(["sign-out", "--emulator"], environment: environment).status == 0)
      return totp
    }

    @Test func theCodePageFinishesAPasswordSignIn() async throws {
      let port = String(FreePort.next())
      try await WindowSession.with(
        emulator: true, configuration: Self.table, browser: .record, environment: [EmulatorMode.portVariable: port]
      ) { session in
        let window = session.accessible
        try await window.waitFor("label", WindowText.signInTitle)
        let totp = try await Self.enroll(session.cli, port: port)
        try await window.waitFor("label", WindowText.signInTitle)
        try await window.type(WindowText.emailPlaceholder, Self.email)
        try await window.type(WindowText.passwordPlaceholder, "correct horse")
        try await window.activate(WindowText.signInWithEmail)
        try await window.waitFor("label", WindowText.secondFactorBody(email: Self.email, factorName: "Phone"))
        try await session.screenshot("window-second-factor-emulator")

        let step = totp.step(at: Date())
        try await window.type(WindowText.secondFactorCode, totp.code(step: step + 5))
        try await window.activate(WindowText.verifyAccessible)
        let wrong = UserFacingError(AuthError(.invalidVerificationCode, origin: .accountServer), for: .window).body
        try await window.waitFor("label", wrong)
        #expect(try await session.cli.run(["status", "--json", "--emulator"]).json["signedIn"] as? Bool == false)

        try await window.type(WindowText.secondFactorCode, totp.code(step: step + 1))
        try await window.activate(WindowText.verifyAccessible)
        try await window.waitFor("label", Self.email)
        try await window.waitFor("push button", WindowText.signOut)
      }
    }

    /// "Authenticator app … Add" on the signed-in page: the key's QR code and the key, which the test
    /// reads over AT-SPI as a user types it into an app; a wrong code is said, the right one adds it.
    @Test func theSignedInPageAddsAnAuthenticatorApp() async throws {
      let port = String(FreePort.next())
      try await WindowSession.with(
        emulator: true, configuration: Self.table, browser: .record, environment: [EmulatorMode.portVariable: port]
      ) { session in
        let window = session.accessible
        try await window.waitFor("label", WindowText.signInTitle)
        try await Self.createVerifiedUser(port: port)
        try await window.type(WindowText.emailPlaceholder, Self.email)
        try await window.type(WindowText.passwordPlaceholder, "correct horse")
        try await window.activate(WindowText.signInWithEmail)
        try await window.activate(WindowText.addSecondFactorAccessible)
        try await window.waitFor("label", WindowText.enrollBody)
        #expect(await window.shows("image", WindowText.enrollQRAccessible))
        let grouped = try #require(
          try await window.nodes().first {
            $0.role == "label" && $0.name.wholeMatch(of: /[A-Z2-7]{4}( [A-Z2-7]{1,4})+/) != nil
          }?.name)
        let totp = TOTP(secret: try #require(Base32.decode(grouped)))
        try await session.screenshot("window-second-factor-enrollment-emulator")

        let step = totp.step(at: Date())
        try await window.type(WindowText.secondFactorCode, totp.code(step: step + 5))
        try await window.activate(WindowText.enrollConfirmAccessible)
        let wrong = UserFacingError(AuthError(.invalidVerificationCode, origin: .accountServer), for: .window).body
        try await window.waitFor("label", wrong)
        try await window.type(WindowText.secondFactorCode, totp.code(step: step))
        try await window.activate(WindowText.enrollConfirmAccessible)
        try await window.waitFor("push button", WindowText.addSecondFactorAccessible)
        let listed = try await session.cli.run(
          ["mfa", "list", "--json", "--emulator"], environment: [EmulatorMode.portVariable: port])
        #expect((listed.json["factors"] as? [[String: Any]])?.count == 1, "\(listed.stdout) \(listed.stderr)")
      }
    }
  }
}
