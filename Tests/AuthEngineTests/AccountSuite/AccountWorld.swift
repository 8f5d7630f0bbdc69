import AuthEngine
import AuthURLSession
import Foundation
import GRDB
import TestSupport
import Testing

/// Which account backend a case of the parameterized account suite runs against.
enum AccountMode: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// The local store (`auth.sqlite`, the secret store).
  case local
  /// A Firebase project on the Identity Toolkit test server (emulator URL layout, production's rules).
  case firebase

  var testDescription: String { rawValue }
}

/// One case's world: an `Auth` in `mode` on a temporary data dir (real SQLite, an in-memory secret
/// store, a manual clock — and for `.firebase` a fresh project on the Identity Toolkit test server),
/// and real provider credentials from the GitHub, X and OIDC test servers. Both modes get the same
/// credentials, so a case states one rule and checks it against both backends.
struct AccountWorld: Sendable {
  /// A user at a provider that has one user per client (X, each OIDC tenant).
  struct Person: Sendable {
    var id: String
    var email: String?
    var verified = true
  }

  let mode: AccountMode
  let auth: Auth
  let clock: ManualClock
  let secrets: InMemorySecretStore
  let directory: URL
  let configuration: String
  let project: IdentityToolkitTestProject?
  let providers: Providers
  /// Every log line of this world's `Auth`.
  let logs: LogCapture

  struct Providers: Sendable {
    var github: URL
    var twitter: Fixtures.Provider?
    var oidc: [String: Fixtures.Provider]
  }

  /// `twitter` and `oidc` (by name, `oidc.NAME`) are the X and OIDC users this world can sign in as;
  /// GitHub users are made on demand.
  static func make(
    _ mode: AccountMode, twitter: Person? = nil, oidc: [String: Person] = [:], oneAccountPerEmail: Bool = true,
    project options: [String: Any] = [:]
  ) async throws -> AccountWorld {
    let servers = try await TestServers.shared.start()
    var providers = Providers(github: servers.github, twitter: nil, oidc: [:])
    if let twitter {
      providers.twitter = try await Fixtures.twitter([
        "user": [
          "id_str": twitter.id, "screen_name": "x\(twitter.id)", "name": "X \(twitter.id)",
          "email": twitter.email as Any,
        ]
      ])
    }
    for (name, person) in oidc {
      providers.oidc[name] = try await Fixtures.oidc(
        name: name,
        ["user": ["sub": person.id, "email": person.email as Any, "email_verified": person.verified, "name": name]])
    }
    var configuration = "[app]\none_account_per_email = \(oneAccountPerEmail)\n"
    var project: IdentityToolkitTestProject?
    if mode == .firebase {
      let created = try await IdentityToolkitTestProject.create(
        providers: providers, allowDuplicateEmails: !oneAccountPerEmail, options: options)
      configuration += created.configuration
      project = created
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-world-\(UUID().uuidString)")
    return try AccountWorld(
      mode: mode, configuration: configuration, project: project, providers: providers, directory: directory,
      secrets: InMemorySecretStore(), clock: ManualClock(Date()))
  }

  init(
    mode: AccountMode, configuration: String, project: IdentityToolkitTestProject?, providers: Providers,
    directory: URL,
    secrets: InMemorySecretStore, clock: ManualClock
  ) throws {
    let parsed = try ConfigurationLoader.parse(configuration, identity: .tests)
    let database = try AuthDatabase(directory: directory)
    let logs = LogCapture()
    let environment = AuthEnvironment(
      transport: URLSessionTransport(timeout: TestEnvironment.requestTimeout), secrets: secrets,
      pending: SQLitePendingAuthorizationStore(database: database), clock: clock, logger: logs.logger())
    auth = Auth(
      configuration: parsed, environment: environment, database: database,
      passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
    (self.mode, self.configuration, self.project, self.providers) = (mode, configuration, project, providers)
    (self.directory, self.secrets, self.clock, self.logs) = (directory, secrets, clock, logs)
  }

  /// The same data dir, secrets and project in a new `Auth`: the app restarted.
  func restarted() throws -> AccountWorld {
    try AccountWorld(
      mode: mode, configuration: configuration, project: project, providers: providers, directory: directory,
      secrets: secrets, clock: clock)
  }

  /// Moves this machine's clock and the project's by `seconds`.
  func advance(by seconds: TimeInterval) async throws {
    clock.advance(by: seconds)
    try await project?.advance(by: seconds)
  }

  /// How many accounts exist (in the store, or in the project).
  func accountCount() async throws -> Int {
    if let project { return try await project.accounts().count }
    let queue = try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path)
    return try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0 }
  }

  /// Secret ids of the signed-in sessions.
  func sessionSecrets() async throws -> [String] {
    try await secrets.ids(in: mode == .local ? "session" : "firebase-session")
  }

  func credentialSecrets() async throws -> [String] { try await secrets.ids(in: CredentialVault.namespace) }
  func pendingSecrets() async throws -> [String] { try await secrets.ids(in: "pending-credential") }
}
