import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// A device-grant client of an Authlib server (GitHub-like or OpenID Connect), under an `Auth` on a
/// manual clock and URLSession. The server enforces the pacing and the codes' expiry on its manual
/// device clock for this client (`device_clock: "manual"`), and logs it; `drive` moves that clock and
/// the engine's together, a second at a time, so nothing waits in real seconds.
struct LiveDeviceProvider {
  let auth: Auth
  /// The engine's clock; it starts at the real time, as the servers' tokens do.
  let clock = ManualClock(Date())
  let providerID: String
  /// The server's root (for `POST /_test/device`).
  let root: URL
  /// `GET` this for `{"device": [...]}`, the server's device log.
  let log: URL
  let configuration: String
  /// OpenID Connect: the tenant's issuer and client id.
  var issuer: URL?
  var clientID: String?

  /// A poll a second, on the server's manual device clock.
  static var defaults: [String: Any] { ["device_interval": 1, "device_clock": "manual"] }

  /// A GitHub-like client; `options` go to `POST /_test/clients` (`device_interval`, …).
  static func github(_ options: [String: Any] = [:], configuration extra: String = "") async throws
    -> LiveDeviceProvider
  {
    let root = try await TestServers.shared.start().github
    let provider = try await Fixtures.github(
      Self.defaults.merging(options) { $1 },
      extraConfiguration: "device_authorization_endpoint = \"\(root)/login/device/code\"")
    return try LiveDeviceProvider(
      configuration: provider.configuration + "\n" + extra, providerID: "github.com", root: root,
      log: root.appendingPathComponent("_test/clients/\(provider.clientID)/log"))
  }

  /// An OpenID Connect tenant (`oidc.test`); `options` go to `POST /_test/tenants`.
  static func oidc(_ options: [String: Any] = [:]) async throws -> LiveDeviceProvider {
    let root = try await TestServers.shared.start().oidc
    let provider = try await Fixtures.oidc(Self.defaults.merging(options) { $1 })
    var live = try LiveDeviceProvider(
      configuration: provider.configuration, providerID: "oidc.test", root: root,
      log: root.appendingPathComponent("_test/tenants/\(provider.base.lastPathComponent)/log"))
    live.issuer = provider.base
    live.clientID = provider.clientID
    return live
  }

  /// The same provider under a new `Auth` whose configuration starts with `prefix` (a `[firebase]`
  /// table).
  func withConfiguration(prefix: String) throws -> LiveDeviceProvider {
    var other = try LiveDeviceProvider(
      configuration: prefix + configuration, providerID: providerID, root: root, log: log)
    other.issuer = issuer
    other.clientID = clientID
    return other
  }

  init(configuration: String, providerID: String, root: URL, log: URL) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-device-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    auth = Auth(
      configuration: try ConfigurationLoader.parse(configuration),
      environment: AuthEnvironment(
        transport: URLSessionTransport(timeout: TestEnvironment.requestTimeout), secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database), clock: clock),
      database: database, passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
    self.providerID = providerID
    self.root = root
    self.log = log
    self.configuration = configuration
  }

  func start(intent: SignInIntent = .signIn) async throws -> DeviceSignInSession {
    try await auth.startDeviceSignIn(OAuthProvider(providerID: providerID), intent: intent)
  }

  /// Moves the server's device clock and then the engine's, a second at a time, while the session
  /// waits, until it ends or `done` holds (`DeviceClockDriver`).
  func drive(
    _ session: DeviceSignInSession, until done: () async throws -> Bool = { false },
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let clockURL = root.appendingPathComponent("_test/device/clock")
    let userCode = session.prompt.userCode
    try await DeviceClockDriver.drive(
      session, clock: clock, until: done,
      beforeEachSecond: {
        let moved = try await Control.post(clockURL, ["user_code": userCode, "advance": 1])
        _ = try #require(moved["now"] as? Double, "the server's device clock: \(moved)")
      },
      sourceLocation: sourceLocation)
  }

  /// The session's end, the clocks driven until it comes.
  func result(of session: DeviceSignInSession, sourceLocation: SourceLocation = #_sourceLocation) async throws
    -> AuthDataResult
  {
    try await drive(session, sourceLocation: sourceLocation)
    return try await session.result()
  }

  /// The user's decision on the provider's page (`approve` or `deny`).
  func decide(_ session: DeviceSignInSession, _ action: String) async throws {
    try await DeviceApproval.decide(root, session.prompt.userCode, action)
  }

  /// The server's device log: `code`, `poll`, `approve`, `deny` entries in order.
  func deviceLog() async throws -> [[String: Any]] {
    (try await Control.get(log) as? [String: Any])?["device"] as? [[String: Any]] ?? []
  }

  /// The polls' results so far (`authorization_pending`, `slow_down`, `token`, …).
  func pollResults() async throws -> [String] {
    try await deviceLog().filter { $0["kind"] as? String == "poll" }.compactMap { $0["result"] as? String }
  }

  /// RFC 8628 §3.5, from the server's clock: each poll comes at least the interval in force (the
  /// previous entry's) after the code was issued or the previous poll was answered.
  func expectPacing(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var previous: [Int: [String: Any]] = [:]
    let entries = try await deviceLog()
    #expect(entries.contains { $0["kind"] as? String == "poll" }, sourceLocation: sourceLocation)
    for entry in entries where ["code", "poll"].contains(entry["kind"] as? String) {
      guard let flow = entry["flow"] as? Int, let t = entry["t"] as? Double else {
        Issue.record("a log entry without flow or t: \(entry)", sourceLocation: sourceLocation)
        continue
      }
      if let earlier = previous[flow], let since = earlier["t"] as? Double,
        let interval = (earlier["interval"] as? NSNumber)?.doubleValue
      {
        #expect(t - since >= interval, "a poll \(t - since) s after the previous entry", sourceLocation: sourceLocation)
      }
      previous[flow] = entry
    }
  }
}
