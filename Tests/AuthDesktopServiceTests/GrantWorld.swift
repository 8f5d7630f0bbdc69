import AuthDesktopKit
import AuthDesktopService
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The user's side of `Accounts1`'s tests: an `Auth` on a data dir of the test's own, with a client of
/// the Authlib GitHub-like server (loopback redirect), whose users sign in through `PlayingBrowser`; and
/// the service sharing it on a bus of the test's own (`ServiceHarness`).
struct GrantWorld {
  let auth: Auth
  let base: URL
  let clientID: String

  /// `extra`: more of the configuration file, after the GitHub client's (another provider's table).
  static func make(options: [String: Any] = [:], extra: String = "") async throws -> GrantWorld {
    let (configuration, base) = try await GitHubTestClient.configuration(
      redirect: GitHubTestClient.loopbackRedirect, options: options)
    let clientID = String(try #require(configuration.firstMatch(of: /client_id = "([^"]+)"/)?.1))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grants-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    let environment = AuthEnvironment(
      transport: URLSessionTransport(timeout: TestEnvironment.requestTimeout), secrets: InMemorySecretStore(),
      pending: SQLitePendingAuthorizationStore(database: database))
    let auth = Auth(
      configuration: try ConfigurationLoader.parse(configuration + "\n" + extra, identity: .tests),
      environment: environment,
      database: database)
    return GrantWorld(auth: auth, base: base, clientID: clientID)
  }

  /// Makes `login` (GitHub id `id`) the server's user for the next sign-in.
  func nextUser(_ id: Int, _ login: String) async throws {
    _ = try await Control.post(
      base.appendingPathComponent("_test/clients/\(clientID)/user"),
      ["id": id, "login": login, "name": login.capitalized, "email": "\(login)@example.com"])
  }

  /// A browser sign-in as `login`: the user, added beside those signed in.
  func signIn(_ id: Int, _ login: String) async throws -> User {
    try await nextUser(id, login)
    let session = try await auth.startSignIn(
      OAuthProvider(providerID: "github.com"), browser: PlayingBrowser(), redirect: .loopback(SoupRedirectListener()),
      timeout: .seconds(120))
    return try await session.result().user
  }

  /// The service sharing this world's accounts, asking `consent`.
  func service(_ consent: any ConsentProvider) async throws -> ServiceHarness {
    try await ServiceHarness.start(consent: consent, browser: PlayingBrowser()) { [auth] in
      $0.accounts = { .open(auth) }
    }
  }

  /// The grant requests the Authlib server logged for this client (`grant_type` of each).
  func tokenRequests() async throws -> [String] {
    let log = try await Control.get(base.appendingPathComponent("_test/clients/\(clientID)/log"))
    let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    return requests.compactMap { $0["grant_type"] as? String }
  }
}
