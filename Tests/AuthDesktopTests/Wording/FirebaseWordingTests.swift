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
}
