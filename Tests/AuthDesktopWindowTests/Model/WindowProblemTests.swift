import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// How the window words a failure: a title that says what happened (never a blanket "Sign-in
/// failed" for a decline, a broken configuration or an unreachable provider), where, and what to do.
@Suite struct WindowProblemTests {
  /// An OAuth 2.0 provider's `access_denied` (RFC 6749 §4.1.2.1), as the engine reports it.
  static let declined = AuthError(
    .webContextCancelled, origin: .redirect,
    providerError: OAuthErrorResponse(error: "access_denied", errorDescription: "The user denied access."))

  @Test func aDeclineIsSignInCancelled() {
    #expect(WindowProblem(Self.declined).title == "Sign-in cancelled")
  }

  /// X answers a decline with `denied=TOKEN` (no RFC 6749 error); the engine gives the same code.
  @Test func anXDeclineIsSignInCancelledToo() {
    #expect(WindowProblem(AuthError(.webContextCancelled, origin: .redirect)).title == "Sign-in cancelled")
  }

  @Test func aDeclineDoesNotQuoteTheProtocolError() {
    #expect(!WindowProblem(Self.declined).body.contains("access_denied"))
  }

  @Test func aBrokenConfigurationSaysWhereAndWhatToDo() {
    let error = AuthError(
      .invalidConfiguration, origin: .configuration, detail: "/tmp/c/config.toml: [providers.\"github.com\"]: x")
    let problem = WindowProblem(error)
    #expect(problem.title == "Configuration problem")
    #expect(problem.detailIsLocation)
    #expect(problem.detail == "/tmp/c/config.toml: [providers.\"github.com\"]: x")
    #expect(problem.advice?.contains("Retry") == true)
  }

  @Test func anUnreachableProviderIsNamed() {
    let error = AuthError(.networkRequestFailed, origin: .transport, providerID: "github.com")
    #expect(WindowProblem(error).title == "Couldn’t reach GitHub")
  }

  @Test func anUnreachableUnknownProviderIsNotGuessed() {
    #expect(WindowProblem(AuthError(.networkRequestFailed, origin: .transport)).title == "Couldn’t reach the provider")
  }

  /// The engine's sentence tells command-line users about `--port`, a flag the window does not have.
  @Test func aTakenPortTellsWindowUsersWhatTheyCanDo() {
    let problem = WindowProblem(AuthError(.emulatorPortInUse, origin: .transport, detail: "127.0.0.1:9399 is in use"))
    #expect(problem.title == "Port already in use")
    #expect(!(problem.body + (problem.advice ?? "")).contains("--port"))
    #expect(problem.advice?.contains(EmulatorMode.portVariable) == true)
    #expect(problem.detailIsLocation)
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
    #expect(PasswordHasher.isWeak(Password(String(repeating: "a", count: length - 1))))
    #expect(!PasswordHasher.isWeak(Password(String(repeating: "a", count: length))))
  }

  @Test func theDeleteConfirmationNamesTheAccountAndTheRevokedGrants() {
    let body = WindowText.deleteBody(account: "Ada (ada@example.com)", providers: ["GitHub", "X (Twitter)"])
    #expect(body.contains("Ada (ada@example.com)"))
    #expect(body.contains("GitHub and X (Twitter) is revoked"))
  }
}
