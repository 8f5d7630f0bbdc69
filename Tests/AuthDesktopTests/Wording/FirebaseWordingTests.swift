import AuthDesktopApp
import AuthEngine
import Foundation
import Testing

/// What people read when a Firebase project is the cause: the project, not "the provider" or the
/// configuration's provider table, and what to do there.
@Suite struct FirebaseWordingTests {
  static func words(_ code: AuthErrorCode, _ message: String, status: Int = 400, surface: UserFacingError.Surface)
    -> UserFacingError
  {
    UserFacingError(
      AuthError(
        code, origin: .accountServer, payload: .accountServer(AccountServerError(message: message, status: status))),
      for: surface)
  }

  @Test func aDisabledProviderPointsAtTheConsole() {
    let words = Self.words(.operationNotAllowed, "OPERATION_NOT_ALLOWED", surface: .window)
    #expect(words.title == "Sign-in method not enabled")
    #expect(words.body.contains("Firebase console"))
  }

  @Test func anOutageSaysNothingChanged() {
    let words = Self.words(.networkRequestFailed, "UNAVAILABLE", status: 503, surface: .commandLine)
    #expect(words.title == "Couldn't reach Firebase")
    #expect(words.body.contains("HTTP 503") && words.body.contains("Nothing was changed"))
  }

  @Test func theAPIKeyIsNamedOnTheCommandLineOnly() {
    #expect(Self.words(.invalidAPIKey, "API_KEY_INVALID", surface: .commandLine).body.contains("[firebase]"))
    #expect(!Self.words(.invalidAPIKey, "API_KEY_INVALID", surface: .window).body.contains("[firebase]"))
    #expect(Self.words(.appNotAuthorized, "API_KEY_IOS_APP_BLOCKED", surface: .window).body.contains("by API"))
  }

  @Test func aDisabledUserIsToldTheSessionEnded() {
    let words = Self.words(.userDisabled, "USER_DISABLED", surface: .window)
    #expect(words.title == "Account disabled" && words.body.contains("signed out"))
  }

  @Test func anUnknownAnswerIsQuoted() {
    #expect(Self.words(.internalError, "SOMETHING_NEW", surface: .commandLine).body.contains("“SOMETHING_NEW”"))
  }

  @Test func anEmulatorHostOffTheLoopbackNamesTheKey() {
    let issue = ConfigurationIssue(
      file: "/home/ada/config.toml", table: "[firebase]", key: "emulator_host",
      problem: .notALoopbackHost("emulator.example.com:9099"))
    let words = UserFacingError(AuthError.configuration(issue, code: .insecureEndpoint), for: .commandLine)
    #expect(words.body.contains("[firebase] emulator_host") && words.body.contains("emulator.example.com:9099"))
  }

  @Test func customTokensAndCodesHaveTheirWords() {
    #expect(
      Self.words(.invalidCustomToken, "INVALID_CUSTOM_TOKEN", surface: .window).title == "Sign-in token not valid")
    let mismatch = Self.words(.customTokenMismatch, "CREDENTIAL_MISMATCH", surface: .commandLine)
    #expect(mismatch.body.contains("another Firebase project") && mismatch.body.contains("project_id"))
    #expect(Self.words(.expiredActionCode, "EXPIRED_OOB_CODE", surface: .window).body.contains("new email"))
    #expect(Self.words(.invalidActionCode, "INVALID_OOB_CODE", surface: .window).title == "Code not valid")
  }

  /// The local store refuses what only a Firebase project does, and says why: not "provider not set up".
  @Test func theLocalStoreSaysItSendsNoEmail() {
    for surface in UserFacingError.Surface.allCases {
      let email = UserFacingError(
        AuthError(.operationNotAllowed, origin: .request, payload: .needsFirebase(.email)), for: surface)
      #expect(email.title == "No email from this computer" && email.body.contains("sends no email"))
      let token = UserFacingError(
        AuthError(.operationNotAllowed, origin: .request, payload: .needsFirebase(.customToken)), for: surface)
      #expect(token.title == "Custom tokens need Firebase" && token.body.contains("Firebase project"))
    }
  }
}
