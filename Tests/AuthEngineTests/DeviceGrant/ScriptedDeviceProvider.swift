import AuthEngine
import Foundation
import TestSupport
import Testing

/// A GitHub whose device grant answers from a script (`InMemoryHTTPTransport`), under an `Auth` on a
/// manual clock: each poll's time on that clock is recorded, so the pacing can be asserted exactly.
final class ScriptedDeviceProvider: @unchecked Sendable {
  static let deviceCode = "device-code-4f1e0c9b7a"
  static let userCode = "WDJB-MJHT"
  static let accessToken = "gho_scripted-access-token"
  static let configuration = """
    [providers."github.com"]
    client_id = "client-1"
    client_secret = "client-secret-1"
    authorization_endpoint = "https://github.example/login/oauth/authorize"
    token_endpoint = "https://github.example/login/oauth/access_token"
    device_authorization_endpoint = "https://github.example/login/device/code"
    api_base_url = "https://api.github.example"

    """

  let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
  let logs = LogCapture()
  let transport: InMemoryHTTPTransport
  let auth: Auth
  private let lock = NSLock()
  private var answers: [HTTPResponse]
  private var times: [Date] = []

  /// `device`: the device authorization response's fields; `polls`: the answers to the polls, in
  /// order (then `authorization_pending` for ever).
  init(device: [String: Any] = [:], polls: [HTTPResponse], configuration: String = ScriptedDeviceProvider.configuration)
    throws
  {
    answers = polls
    let deviceAnswer = InMemoryHTTPTransport.json(
      [
        "device_code": Self.deviceCode, "user_code": Self.userCode,
        "verification_uri": "https://github.example/login/device", "expires_in": 900, "interval": 5,
      ].merging(device) { $1 })
    let box = Box()
    transport = InMemoryHTTPTransport { request in
      switch (request.method, request.url.path) {
      case ("POST", "/login/device/code"): return deviceAnswer
      case ("POST", "/login/device/disabled"): return Self.error("device_flow_disabled", status: 400)
      case ("POST", "/login/oauth/access_token"): return box.provider!.nextPoll()
      case ("GET", "/user"): return InMemoryHTTPTransport.json(["id": 1001, "login": "octocat", "name": "Mona"])
      case ("GET", "/user/emails"):
        return InMemoryHTTPTransport.json([["email": "octocat@example.com", "primary": true, "verified": true]])
      default: return HTTPResponse(status: 404)
      }
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-device-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    auth = Auth(
      configuration: try ConfigurationLoader.parse(configuration),
      environment: AuthEnvironment(
        transport: transport, secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database),
        clock: clock, logger: logs.logger()),
      database: database)
    box.provider = self
  }

  private final class Box: @unchecked Sendable { weak var provider: ScriptedDeviceProvider? }

  /// The polls' times, in seconds after the device authorization response.
  var pollTimes: [TimeInterval] {
    lock.withLock { times.map { $0.timeIntervalSince(Date(timeIntervalSince1970: 1_800_000_000)) } }
  }

  var pollRequests: [HTTPRequest] { transport.requests.filter { $0.url.path == "/login/oauth/access_token" } }

  private func nextPoll() -> HTTPResponse {
    lock.withLock {
      times.append(clock.now())
      return answers.isEmpty ? Self.error("authorization_pending") : answers.removeFirst()
    }
  }

  /// GitHub's way: an RFC 8628 §3.5 error with HTTP 200, form-encoded.
  static func error(_ code: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "application/x-www-form-urlencoded"],
      body: Data("error=\(code)&error_description=scripted".utf8))
  }

  static let token = InMemoryHTTPTransport.json([
    "access_token": accessToken, "token_type": "bearer", "scope": "read:user,user:email",
  ])

  /// Moves the clock while the session waits, until it ends (`DeviceClockDriver`).
  func drive(_ session: DeviceSignInSession, sleepers: Int = 1, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try await DeviceClockDriver.drive(session, clock: clock, sleepers: sleepers, sourceLocation: sourceLocation)
  }

  func start(intent: SignInIntent = .signIn, timeout: Duration? = nil) async throws -> DeviceSignInSession {
    try await auth.startDeviceSignIn(OAuthProvider(providerID: "github.com"), intent: intent, timeout: timeout)
  }
}
