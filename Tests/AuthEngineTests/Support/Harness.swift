import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An `AuthorizationService` wired to real parts (URLSession, SQLite in a temp data dir) and an
/// in-memory secret store; `Browser` plays the browser.
struct Harness {
  let service: AuthorizationService
  let secrets: InMemorySecretStore
  let dataDirectory: URL
  let logs: LogCapture
  let clock: any AuthClock

  init(
    configuration text: String, clock: any AuthClock = SystemClock(), dataDirectory: URL? = nil,
    secrets: InMemorySecretStore? = nil
  ) throws {
    let configuration = try ConfigurationLoader.parse(text, source: "test.toml")
    let directory =
      dataDirectory
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-test-\(UUID().uuidString)")
    let database = try AuthDatabase(directory: directory)
    let logs = LogCapture()
    let secrets = secrets ?? InMemorySecretStore()
    service = AuthorizationService(
      configuration: configuration,
      environment: AuthEnvironment(
        transport: URLSessionTransport(timeout: TestEnvironment.requestTimeout), secrets: secrets,
        pending: SQLitePendingAuthorizationStore(database: database), clock: clock, logger: logs.logger()))
    self.secrets = secrets
    self.dataDirectory = directory
    self.logs = logs
    self.clock = clock
  }

  /// A second service on the same data dir and secrets: the app restarted.
  func restarted(configuration text: String) throws -> Harness {
    try Harness(configuration: text, clock: clock, dataDirectory: dataDirectory, secrets: secrets)
  }

  /// begin → browser → resume.
  func signIn(_ provider: OAuthProvider) async throws -> ProviderSignInResult {
    let pending = try await service.begin(provider)
    return try await service.resume(with: try await Browser.follow(pending.authorizationURL))
  }
}
