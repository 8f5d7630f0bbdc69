import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// Accounts from the real window, over AT-SPI: "Create account" with the engine's rules and the
  /// command line's errors, and "Delete account" through its confirmation, both answers.
  @Suite(.serialized) struct WindowAccountTests {
    static let email = "new.user@example.com"

    @Test func signUpFromTheWindow() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let window = session.accessible
        try await window.activate(WindowText.createAccount)
        try await window.waitFor("label", WindowText.signUpTitle)
        // The rule shows before anything is submitted, and follows the typing.
        #expect(await window.shows("label", WindowText.passwordRule))
        try await window.type(WindowText.emailPlaceholder, Self.email)
        try await window.type(WindowText.passwordPlaceholder, "short")
        try await window.waitFor("label", WindowText.passwordRuleProgress(count: 5, met: false))
        try await window.activate(WindowText.createAccountAccessible)
        try await window.waitFor("label", Self.words(.weakPassword, .password(.tooShort(minimumLength: 8))))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)

        try await window.type(WindowText.passwordPlaceholder, "correct horse")
        try await window.waitFor("label", WindowText.passwordRuleProgress(count: 13, met: true))
        try await window.activate(WindowText.createAccountAccessible)
        try await window.waitFor("label", WindowText.accountCreated)
        // The toast and the signed-in page come in one update, but AT-SPI may show one before the other.
        try await window.waitFor("label", Self.email)
        let user = try await session.cli.run(["status", "--json"]).json["user"] as? [String: Any]
        #expect(user?["email"] as? String == Self.email)

        try await window.activate(WindowText.signOut)
        try await window.waitFor("label", WindowText.signedOutToast)
        try await window.waitFor("label", WindowText.signInTitle)
      }
    }

    /// A taken email gets the command line's error (`auth/email-already-in-use`), worded on the form.
    @Test func signUpWithATakenEmailGetsTheCommandLinesError() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        let cli = try await session.cli.run(["sign-up-email", Self.email, "--json"], stdin: "first password\n")
        #expect(cli.status == 0, "\(cli.stderr)")
        let again = try await session.cli.run(["sign-up-email", Self.email, "--json"], stdin: "second password\n")
        #expect((again.json["error"] as? [String: Any])?["code"] as? String == "auth/email-already-in-use")
        // The window follows the store: the command line's sign-up signed that account in, so sign out.
        let window = session.accessible
        try await window.waitFor("label", Self.email)
        #expect(try await session.cli.run(["sign-out"]).status == 0)
        try await window.activate(WindowText.createAccount)
        try await window.waitFor("label", WindowText.signUpTitle)  // the sign-in page's fields are gone
        try await window.type(WindowText.emailPlaceholder, Self.email)
        try await window.type(WindowText.passwordPlaceholder, "second password")
        try await window.activate(WindowText.createAccountAccessible)
        try await window.waitFor("label", Self.words(.emailAlreadyInUse, .emailInUse(Self.email)))
        #expect(await window.shows("label", WindowText.signUpTitle))
      }
    }

    @Test func cancellingTheDeleteConfirmationKeepsTheAccount() async throws {
      try await WindowSession.with(loopback: true, browser: .record) { session in
        try await Self.signUp(in: session)
        let window = session.accessible
        try await window.activate(WindowText.deleteAccount)
        try await window.waitFor("label", WindowText.deleteHeading)
        // The dialog's heading and body are two labels: wait for the body too.
        try await window.waitFor("label", WindowText.deleteBody(account: Self.email, providers: []))
        try await window.activate(WindowText.cancel)
        try await window.waitUntil("the confirmation to close") {
          !$0.contains(.init(role: "label", name: WindowText.deleteHeading))
        }
        #expect(await window.shows("label", Self.email))
        #expect(await !window.shows("label", WindowText.accountDeleted))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
      }
    }

    /// With a provider linked, the confirmation says its grant is revoked; "Delete" deletes.
    @Test func confirmingTheDeletionDeletesTheAccount() async throws {
      try await WindowSession.with(loopback: true, browser: .play) { session in
        let window = session.accessible
        try await window.activate(WindowText.continueWith("GitHub"))
        try await window.waitFor("push button", WindowText.unlinkAccessible("GitHub"))
        try await window.activate(WindowText.deleteAccount)
        try await window.waitFor("label", WindowText.deleteHeading)
        let nodes = try await window.nodes()
        #expect(nodes.contains { $0.role == "label" && $0.name.contains("at GitHub is revoked") }, "\(nodes)")
        try await window.activate(WindowText.deleteConfirm)
        try await window.waitFor("label", WindowText.accountDeleted)
        #expect(await window.shows("label", WindowText.signInTitle))
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
      }
    }

    /// The window's wording of the engine's error (what the command line's `--json` reports by code).
    static func words(_ code: AuthErrorCode, _ payload: AuthError.Payload) -> String {
      UserFacingError(AuthError(code, origin: .request, payload: payload), for: .window).body
    }

    /// Creates `email`'s account from the window and waits for the signed-in page.
    static func signUp(in session: WindowSession) async throws {
      let window = session.accessible
      try await window.activate(WindowText.createAccount)
      try await window.waitFor("label", WindowText.signUpTitle)
      try await window.type(WindowText.emailPlaceholder, email)
      try await window.type(WindowText.passwordPlaceholder, "correct horse")
      try await window.activate(WindowText.createAccountAccessible)
      try await window.waitFor("label", email)
    }
  }
}
