import AuthEngine
import Foundation
import TestSupport
import Testing

/// Every Identity Toolkit answer docs/firebase.md's table lists maps to the local store's code: scripted
/// answers (production's wire format) through the public API, one server string per case.
@Suite struct IdentityToolkitErrorMappingTests {
  /// An `Auth` on a `[firebase]` project whose every request gets `answer`.
  static func auth(answering answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws -> (
    Auth, InMemoryHTTPTransport
  ) {
    let transport = InMemoryHTTPTransport { answer($0) }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-itk-map-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    let configuration = try ConfigurationLoader.parse(
      "[firebase]\napi_key = \"AIzaTest\"\nproject_id = \"demo-map\"\n", identity: .tests)
    let environment = AuthEnvironment(
      transport: transport, secrets: InMemorySecretStore(), pending: SQLitePendingAuthorizationStore(database: database)
    )
    return (Auth(configuration: configuration, environment: environment, database: database), transport)
  }

  /// Identity Toolkit's error body (firebase-tools `errors.ts`, production).
  static func error(_ message: String, status: Int = 400, reason: String = "invalid") -> HTTPResponse {
    InMemoryHTTPTransport.json(
      [
        "error": [
          "code": status, "message": message, "errors": [["message": message, "reason": reason, "domain": "global"]],
        ]
      ],
      status: status)
  }

  static let messages: [(String, AuthErrorCode)] = [
    ("EMAIL_EXISTS", .emailAlreadyInUse), ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin),
    ("INVALID_LOGIN_CREDENTIALS", .wrongPassword), ("INVALID_PASSWORD", .wrongPassword),
    ("EMAIL_NOT_FOUND", .userNotFound), ("USER_NOT_FOUND", .userNotFound),
    ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword),
    ("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled", .tooManyRequests),
    ("OPERATION_NOT_ALLOWED", .operationNotAllowed), ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed),
    ("INVALID_IDP_RESPONSE : Invalid IdP response/credential", .invalidCredential),
    ("INVALID_PENDING_TOKEN", .invalidCredential),
    ("MISSING_OR_INVALID_NONCE : Nonce is missing", .missingOrInvalidNonce),
    ("INVALID_EMAIL", .invalidEmail), ("USER_DISABLED", .userDisabled), ("TOKEN_EXPIRED", .userTokenExpired),
    ("INVALID_ID_TOKEN", .userTokenExpired), ("INVALID_REFRESH_TOKEN", .userTokenExpired),
    ("TENANT_NOT_FOUND", .invalidTenantID), ("SOMETHING_NEW", .internalError),
  ]

  @Test(arguments: messages)
  func serverStrings(message: String, code: AuthErrorCode) async throws {
    let (auth, _) = try Self.auth { _ in Self.error(message) }
    let error = await expectAuthError(code) {
      try await auth.signIn(email: "a@example.com", password: Password("whatever1"))
    }
    #expect(error?.origin == .accountServer)
  }

  @Test func weakPasswordCarriesTheProjectsMinimum() async throws {
    let (auth, _) = try Self.auth { _ in Self.error("WEAK_PASSWORD : Password should be at least 10 characters") }
    let error = await expectAuthError(.weakPassword) {
      try await auth.createUser(email: "a@example.com", password: Password("short"))
    }
    #expect(error?.payload.minimumPasswordLength == 10)
  }

  @Test func emailExistsCarriesTheAddress() async throws {
    let (auth, _) = try Self.auth { _ in Self.error("EMAIL_EXISTS") }
    let error = await expectAuthError(.emailAlreadyInUse) {
      try await auth.createUser(email: "Ada@Example.com", password: Password("long enough"))
    }
    #expect(error?.email == "ada@example.com")
  }

  /// Production's answer to an unknown key (400, `details[0]` ErrorInfo `API_KEY_INVALID`), the
  /// legacy v3 one (`reason: keyInvalid`), and no key at all (403).
  @Test func anInvalidAPIKey() async throws {
    let production = InMemoryHTTPTransport.json(
      [
        "error": [
          "code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT",
          "errors": [["message": "API key not valid. Please pass a valid API key.", "reason": "badRequest"]],
          "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"]],
        ]
      ], status: 400)
    let legacy = Self.error("Bad Request", reason: "keyInvalid")
    let missing = Self.error("The request is missing a valid API key.", status: 403, reason: "forbidden")
    for answer in [production, legacy, missing] {
      let (auth, _) = try Self.auth { _ in answer }
      await expectAuthError(.invalidAPIKey) {
        try await auth.signIn(email: "a@example.com", password: Password("x1234567"))
      }
    }
  }

  @Test func aKeyRestrictedToAnotherKindOfApp() async throws {
    let blocked = InMemoryHTTPTransport.json(
      [
        "error": [
          "code": 403, "message": "Requests from this Android client application <empty> are blocked.",
          "status": "PERMISSION_DENIED",
          "details": [["@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_ANDROID_APP_BLOCKED"]],
        ]
      ], status: 403)
    let (auth, _) = try Self.auth { _ in blocked }
    await expectAuthError(.appNotAuthorized) {
      try await auth.signIn(email: "a@example.com", password: Password("x1234567"))
    }
  }

  @Test(arguments: [500, 502, 503])
  func serverErrorsAreNetworkFailures(status: Int) async throws {
    let (auth, _) = try Self.auth { _ in HTTPResponse(status: status, body: Data("<html>oops</html>".utf8)) }
    let error = await expectAuthError(.networkRequestFailed) {
      try await auth.signIn(email: "a@example.com", password: Password("x1234567"))
    }
    #expect(error?.payload.accountServerStatus == status)
  }

  @Test func anUnreadableAnswerIsNotASignIn() async throws {
    let (auth, _) = try Self.auth { _ in HTTPResponse(status: 200, body: Data("not json".utf8)) }
    await expectAuthError(.invalidProviderResponse) {
      try await auth.signIn(email: "a@example.com", password: Password("x1234567"))
    }
    #expect(try await auth.currentUser() == nil)
  }

  /// The emulator's layout, the key in the query, JSON in, nothing secret in the URL but the key.
  @Test func requestsUseTheEmulatorLayoutWhenAHostIsGiven() async throws {
    let transport = InMemoryHTTPTransport { _ in Self.error("EMAIL_NOT_FOUND") }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-itk-url-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    let configuration = try ConfigurationLoader.parse(
      "[firebase]\napi_key = \"AIzaKey\"\nproject_id = \"demo-x\"\n", identity: .tests,
      environment: ["FIREBASE_AUTH_EMULATOR_HOST": "127.0.0.1:9099"])
    let auth = Auth(
      configuration: configuration,
      environment: AuthEnvironment(
        transport: transport, secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database)),
      database: database)
    await expectAuthError(.userNotFound) {
      try await auth.signIn(email: "a@example.com", password: Password("pw123456"))
    }
    let request = try #require(transport.requests.first)
    #expect(
      request.url.absoluteString
        == "http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=AIzaKey")
    #expect(request.header("Content-Type") == "application/json")
  }
}

extension AuthError.Payload {
  var minimumPasswordLength: Int? {
    if case .password(.tooShort(let minimum)) = self { return minimum }
    return nil
  }

  var accountServerStatus: Int? {
    if case .accountServer(let answer) = self { return answer.status }
    return nil
  }
}
