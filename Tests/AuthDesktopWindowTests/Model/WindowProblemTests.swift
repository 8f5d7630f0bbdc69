import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// How the window shows a failure: the app's window wording (`UserFacingError`), titles that say what
/// happened (never a blanket "Sign-in failed" for a decline, a broken configuration or an unreachable
/// provider), where the problem is set apart, and which problems stay on the email form.
@Suite struct WindowProblemTests {
  /// An OAuth 2.0 provider's `access_denied` (RFC 6749 §4.1.2.1), as the engine reports it.
  static let declined = AuthError(
    .webContextCancelled, origin: .redirect,
    payload: .providerError(OAuthErrorResponse(error: "access_denied", errorDescription: "The user denied access.")))

  static let misspelt = AuthError(
    .invalidConfiguration, origin: .configuration,
    payload: .configuration(
      ConfigurationIssue(
        file: "/tmp/c/config.toml", table: "[providers.\"github.com\"]", key: "client_idd",
        problem: .unknownKey(allowed: ["client_id"]))))

  @Test func theWindowUsesTheAppsWindowWording() {
    let words = UserFacingError(Self.misspelt, for: .window)
    let problem = WindowProblem(Self.misspelt)
    #expect(problem.title == words.title)
    #expect(problem.body == words.body)
  }

  @Test func aDeclineIsSignInCancelled() {
    #expect(WindowProblem(Self.declined).title == "Sign-in cancelled")
  }

  /// X answers a decline with `denied=TOKEN` (no RFC 6749 error); the engine gives the same code.
  @Test func anXDeclineIsSignInCancelledToo() {
    #expect(WindowProblem(AuthError(.webContextCancelled, origin: .redirect)).title == "Sign-in cancelled")
  }

  @Test func aBrokenConfigurationIsAConfigurationProblem() {
    #expect(WindowProblem(Self.misspelt).title == "Configuration problem")
  }

  /// The file and the setting, set apart on the page (one per line, so a long path wraps apart).
  @Test func aBrokenConfigurationSaysWhere() {
    #expect(WindowProblem(Self.misspelt).location == "/tmp/c/config.toml\n[providers.\"github.com\"] client_idd")
  }

  @Test func anUnreachableProviderIsNamed() {
    let error = AuthError(
      .networkRequestFailed, origin: .transport,
      payload: .network(NetworkFailure(host: "github.com", reason: .hostNotFound)),
      providerID: "github.com")
    #expect(WindowProblem(error).title == "Couldn't reach GitHub")
  }

  /// The command line's wording names `--port`, a flag the window does not have.
  @Test func aTakenPortSaysWhichAndNothingOfTheCommandLine() {
    let error = AuthError(
      .emulatorPortInUse, origin: .transport, payload: .port(PortIssue(port: 9399, problem: .inUse)))
    let problem = WindowProblem(error)
    #expect(problem.location == WindowText.loopbackPort(9399))
    #expect(!problem.body.contains("--port"))
  }

  @Test func anythingElseIsAnInternalErrorNotADump() {
    struct Unexpected: Error {}
    #expect(WindowProblem(Unexpected() as any Error).code == .internalError)
  }

  @Test func problemsWithWhatWasTypedStayOnTheForm() {
    for code in [AuthErrorCode.wrongPassword, .userNotFound, .weakPassword, .emailAlreadyInUse, .invalidEmail] {
      #expect(WindowProblem(AuthError(code, origin: .request)).isFormError, "\(code)")
    }
    #expect(!WindowProblem(Self.declined).isFormError)
  }

  /// The rule the sign-up page shows is the engine's (`PasswordHasher.isWeak`).
  @Test func thePasswordRuleShownIsTheEnginesRule() {
    let length = WindowText.minimumPasswordLength
    #expect(WindowText.passwordRule.contains("\(length)"))
    #expect(PasswordHasher.isWeak(Password(String(repeating: "a", count: length - 1))))
    #expect(!PasswordHasher.isWeak(Password(String(repeating: "a", count: length))))
  }

  @Test func theDeleteConfirmationNamesTheAccountAndTheRevokedGrants() {
    let body = WindowText.deleteBody(account: "Ada (ada@example.com)", providers: ["GitHub", "X (Twitter)"])
    #expect(body.contains("Ada (ada@example.com)"))
    #expect(body.contains("GitHub and X (Twitter) is revoked"))
  }
}
