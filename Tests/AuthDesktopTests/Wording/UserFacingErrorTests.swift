import AuthDesktopApp
import AuthEngine
import Foundation
import Testing

/// The app's wording of errors (`UserFacingError`): every code has a title and a body on each surface,
/// with every payload; the payload's data appears; the window names no command-line option.
@Suite struct UserFacingErrorTests {
  typealias Surface = UserFacingError.Surface

  static let conflict = AccountConflict(
    email: "ada@example.com", providerID: "twitter.com", signInMethods: ["github.com", "password"])
  static let configFile = "/home/ada/.config/auth-desktop/config.toml"
  static let missingClientID = ConfigurationIssue(
    file: configFile, table: ConfigurationIssue.providerTable("github.com"), key: "client_id", problem: .required)

  /// One of each payload kind (and none).
  static let payloads: [AuthError.Payload] = [
    .none, .configuration(missingClientID), .customParameter(.reserved(name: "state")), .accountConflict(conflict),
    .credentialInUse(
      CredentialInUse(
        email: "grace@example.com", providerID: "github.com", credential: OAuthCredential(providerID: "github.com"))),
    .emailInUse("grace@example.com"), .providerError(OAuthErrorResponse(error: "invalid_scope")),
    .httpStatus(503), .network(NetworkFailure(host: "github.com", reason: .hostNotFound)), .timeout(.seconds(90)),
    .port(PortIssue(port: 9399, problem: .inUse)), .state(.expired), .password(.tooShort(minimumLength: 8)),
    .storage(StorageIssue(path: "/data/accounts.sqlite", problem: .cannotOpen)), .secretStore(.locked),
    .accountServer(AccountServerError(message: "OPERATION_NOT_ALLOWED", status: 400)),
    .needsFirebase(.email), .needsFirebase(.customToken),
  ]

  @Test(arguments: AuthErrorCode.allCases)
  func everyCodeHasATitleAndABodyOnEachSurface(code: AuthErrorCode) {
    for payload in Self.payloads {
      for providerID in [nil, "github.com"] {
        let error = AuthError(code, origin: .request, payload: payload, providerID: providerID)
        for surface in Surface.allCases {
          let wording = UserFacingError(error, for: surface)
          let context = "\(code.rawValue) \(payload) \(surface)"
          #expect(!wording.title.isEmpty && wording.title.count <= 40, "\(context): \(wording.title)")
          #expect(!wording.title.hasSuffix("."), "\(context): \(wording.title)")
          #expect(wording.body.hasSuffix("."), "\(context): \(wording.body)")
          #expect(!wording.body.contains("{") && !wording.title.contains("{"), "\(context): a placeholder left")
          #expect(!wording.body.contains(code.rawValue), "\(context): the code is not a sentence")
        }
      }
    }
  }

  /// The window has no command line: its text names no option and no command.
  @Test(arguments: AuthErrorCode.allCases)
  func theWindowNamesNoCommandLineOption(code: AuthErrorCode) {
    for payload in Self.payloads + [.port(PortIssue(port: 9399, problem: .nothingAnswers)), .password(.missing)] {
      let body = UserFacingError(AuthError(code, origin: .request, payload: payload), for: .window).body
      #expect(!body.contains("--"), "\(code.rawValue) \(payload): \(body)")
      #expect(!body.contains("auth-desktop "), "\(code.rawValue) \(payload): \(body)")
    }
  }

  @Test func titlesSayWhatHappened() {
    let cases: [(AuthError, String)] = [
      (AuthError(.webContextCancelled, origin: .redirect), "Sign-in cancelled"),
      (AuthError(.webContextCancelled, origin: .request, payload: .timeout(.seconds(600))), "Sign-in timed out"),
      (.configuration(Self.missingClientID), "Configuration problem"),
      (
        AuthError(
          .networkRequestFailed, origin: .transport,
          payload: .network(NetworkFailure(host: "github.com", reason: .offline)), providerID: "github.com"),
        "Couldn't reach GitHub"
      ),
      (
        AuthError(.emulatorPortInUse, origin: .transport, payload: .port(PortIssue(port: 9399, problem: .inUse))),
        "Port 9399 is in use"
      ),
    ]
    for (error, title) in cases {
      for surface in Surface.allCases { #expect(UserFacingError(error, for: surface).title == title) }
    }
  }

  @Test func aConflictNamesTheEmailAndHowTheAccountSignsIn() {
    for surface in Surface.allCases {
      let body = UserFacingError(AuthError.accountConflict(Self.conflict), for: surface).body
      #expect(body.contains("ada@example.com"), "\(body)")
      #expect(body.contains("GitHub, email and password"), "\(body)")
      #expect(body.contains("X (Twitter)"), "the provider that waits: \(body)")
    }
  }

  @Test func aConfigurationProblemNamesTheFileAndTheKey() {
    let cli = UserFacingError(AuthError.configuration(Self.missingClientID), for: .commandLine).body
    #expect(
      cli == "\(Self.configFile): [providers.\"github.com\"] client_id is required. Fix it, then run the command again."
    )
    let window = UserFacingError(AuthError.configuration(Self.missingClientID), for: .window).body
    #expect(window == "\(Self.configFile): [providers.\"github.com\"] client_id is required. Fix it, then try again.")
  }

  @Test func anEnvironmentVariableIsNamedWithItsValue() {
    let issue = ConfigurationIssue(file: nil, key: "AUTH_DESKTOP_EMULATOR_PORT", problem: .notAPort("ninety"))
    let body = UserFacingError(AuthError.configuration(issue), for: .window).body
    #expect(body.hasPrefix("AUTH_DESKTOP_EMULATOR_PORT=ninety is not a port number."), "\(body)")
  }

  /// The command line may name `--port`; the window says what a window user can do.
  @Test func aTakenPortIsWordedPerSurface() {
    let error = AuthError(
      .emulatorPortInUse, origin: .transport, payload: .port(PortIssue(port: 9399, problem: .inUse)))
    let cli = UserFacingError(error, for: .commandLine).body
    let window = UserFacingError(error, for: .window).body
    #expect(cli.contains("9399") && cli.contains("--port"), "\(cli)")
    #expect(window.contains("9399") && window.contains("AUTH_DESKTOP_EMULATOR_PORT"), "\(window)")
  }

  @Test func payloadDataAppears() {
    let cases: [(AuthError, String)] = [
      (AuthError(.emailAlreadyInUse, origin: .request, payload: .emailInUse("grace@example.com")), "grace@example.com"),
      (AuthError(.webContextCancelled, origin: .request, payload: .timeout(.seconds(90))), "90 seconds"),
      (
        AuthError(
          .providerError, origin: .redirect, payload: .providerError(OAuthErrorResponse(error: "invalid_scope"))),
        "invalid_scope"
      ),
      (AuthError(.invalidProviderResponse, origin: .providerResponse, payload: .httpStatus(503)), "HTTP 503"),
      (
        AuthError(
          .storageFailure, origin: .storage,
          payload: .storage(StorageIssue(path: "/data/a.sqlite", problem: .cannotOpen))), "/data/a.sqlite"
      ),
      (
        AuthError(.weakPassword, origin: .request, payload: .password(.tooShort(minimumLength: 8))),
        "at least 8 characters"
      ),
      (
        AuthError(.invalidCustomParameter, origin: .request, payload: .customParameter(.reserved(name: "nonce"))),
        "“nonce”"
      ),
    ]
    for (error, fact) in cases {
      let body = UserFacingError(error, for: .commandLine).body
      #expect(body.contains(fact), "\(error.code.rawValue): \(body)")
    }
  }

  @Test func anyOtherErrorIsAnInternalError() {
    struct Unexpected: Error {}
    #expect(UserFacingError(Unexpected(), for: .window).title == "Something went wrong")
  }
}
