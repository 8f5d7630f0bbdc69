import AuthEngine
import Foundation
import GRDB
import ScaleSeeding

/// Benchmark 5: provider sign-in of a known identity, link, and reading the current user (what
/// `auth-desktop status` does after opening the store) with 1k, 10k and 100k accounts, seeded as
/// `ScaleTests` seeds them (`ScaleSeeding`). Secrets go to an in-memory store, so the figures are the account store's
/// cost alone. Each data dir is left behind with an active session for bench/run to time the real
/// `auth-desktop status` process on it.
struct ScaleBenchmark {
  let directory: URL
  let counts: [Int]
  let iterations: Int
  let warmup: Int

  /// An `Auth` on `database` with nothing behind it: a transport that answers 503 and in-memory
  /// secrets, so the figures are the account store's cost alone.
  static func offlineAuth(on database: AuthDatabase, secrets: any SecretStore = InMemorySecretStore()) throws -> Auth {
    Auth(
      configuration: try ConfigurationLoader.parse("[app]\nsecret_store = \"file\"\n", identity: .bench),
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 503) }, secrets: secrets,
        pending: SQLitePendingAuthorizationStore(database: database), logger: RedirectBenchmark.quietLogger),
      database: database)
  }

  func run() async throws -> [String: Any] {
    var rows: [[String: Any]] = []
    for count in counts {
      let dataDirectory = directory.appendingPathComponent("accounts-\(count)")
      try? FileManager.default.removeItem(at: dataDirectory)
      let database = try AuthDatabase(directory: dataDirectory)
      let (seedTime, _) = try await milliseconds { try await ScaleSeeding.populate(database.queue, count: count) }
      let auth = try ScaleBenchmark.offlineAuth(on: database)
      let target = count / 2
      let signIn = try await samples {
        _ = try await auth.signIn(with: Self.result("github.com", "bulk-\(target)", email: "bulk\(target)@example.com"))
      }
      var index = 0
      let link = try await samples(prepare: {
        index += 1
        let other = (target + index) % count
        _ = try await auth.signIn(with: Self.result("github.com", "bulk-\(other)", email: "bulk\(other)@example.com"))
      }) {
        guard let user = try await auth.currentUser() else { throw BenchError("no current user") }
        _ = try await user.link(with: Self.result("oidc.bench", "linked-\(index)", email: "linked\(index)@example.org"))
      }
      _ = try await auth.signIn(with: Self.result("github.com", "bulk-\(target)", email: "bulk\(target)@example.com"))
      let current = try await samples {
        guard try await auth.currentUser()?.uid == "bulk-uid-\(target)" else { throw BenchError("wrong user") }
      }
      rows.append([
        "count": count, "seed_ms": seedTime, "sign_in_ms": signIn, "link_ms": link, "current_user_ms": current,
        "data_dir": dataDirectory.path,
      ])
    }
    return ["scale": rows]
  }

  /// `iterations` timed runs of `body` after `warmup` untimed ones; `prepare` runs untimed before each.
  func samples(prepare: () async throws -> Void = {}, _ body: () async throws -> Void) async throws -> [Double] {
    var result: [Double] = []
    for index in 0..<(warmup + iterations) {
      try await prepare()
      let (elapsed, _) = try await milliseconds(body)
      if index >= warmup { result.append(elapsed) }
    }
    return result
  }

  /// A provider result as the provider leg would produce it.
  static func result(_ providerID: String, _ federatedID: String, email: String?) -> ProviderSignInResult {
    ProviderSignInResult(
      credential: OAuthCredential(
        providerID: providerID, accessToken: AccessToken("token-\(providerID)-\(federatedID)-\(UUID().uuidString)"),
        scopes: []),
      identity: FederatedIdentity(
        providerID: providerID, uid: federatedID, email: email, emailVerified: true, displayName: "Bench User"),
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: [:], username: nil))
  }
}
