import AuthEngine
import AuthURLSession
import Foundation
import GRDB
import TestSupport
import Testing

/// An `Auth` on a temporary data dir (real SQLite), an in-memory secret store and a manual clock.
struct AccountHarness {
  let auth: Auth
  let secrets: InMemorySecretStore
  let clock: ManualClock
  let directory: URL
  let logs = LogCapture()

  init(
    oneAccountPerEmail: Bool = true, configuration extra: String = "", directory: URL? = nil,
    secrets: InMemorySecretStore? = nil, clock: ManualClock? = nil, random: any RandomSource = SystemRandomSource()
  ) throws {
    let directory =
      directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("auth-accounts-\(UUID().uuidString)")
    let clock = clock ?? ManualClock(Date())
    let secrets = secrets ?? InMemorySecretStore()
    let configuration = try ConfigurationLoader.parse("[app]\none_account_per_email = \(oneAccountPerEmail)\n" + extra)
    let database = try AuthDatabase(directory: directory)
    let environment = AuthEnvironment(
      transport: URLSessionTransport(timeout: TestEnvironment.requestTimeout), secrets: secrets,
      pending: SQLitePendingAuthorizationStore(database: database),
      clock: clock, random: random, logger: logs.logger())
    auth = Auth(
      configuration: configuration, environment: environment, database: database,
      passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
    self.secrets = secrets
    self.clock = clock
    self.directory = directory
  }

  /// The same data dir and secrets in a new `Auth`: the app restarted.
  func restarted() throws -> AccountHarness {
    try AccountHarness(directory: directory, secrets: secrets, clock: clock)
  }

  /// A provider result as the provider leg would produce it.
  static func result(
    _ providerID: String, _ federatedID: String, email: String? = nil, verified: Bool = true, name: String? = nil
  ) -> ProviderSignInResult {
    ProviderSignInResult(
      credential: OAuthCredential(
        providerID: providerID, accessToken: AccessToken("token-\(providerID)-\(federatedID)-\(UUID().uuidString)"),
        scopes: []),
      identity: FederatedIdentity(
        providerID: providerID, uid: federatedID, email: email, emailVerified: verified, displayName: name),
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: [:], username: nil))
  }

  func count(_ table: String) throws -> Int {
    try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path).read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\"") ?? 0
    }
  }

  /// Secret store ids in `namespace`.
  func secretIDs(_ namespace: String) async throws -> [String] { try await secrets.ids(in: namespace) }
}
