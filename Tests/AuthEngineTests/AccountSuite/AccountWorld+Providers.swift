import AuthEngine
import Foundation
import TestSupport

/// Provider sign-ins through the real test servers: each call runs the provider leg (PKCE, state,
/// the token exchange, the profile) and returns a fresh credential.
extension AccountWorld {
  /// A GitHub user `id` (one client per call on the GitHub-like server, whose only user it is), with
  /// `email` as its primary address, verified or not; nil: no email.
  func github(_ id: Int, email: String?, verified: Bool = true) async throws -> ProviderSignInResult {
    let emails: [[String: Any]] =
      email.map { [["email": $0, "primary": true, "verified": verified, "visibility": "public"]] } ?? []
    let client = try await Fixtures.github([
      "user": ["id": id, "login": "user\(id)", "name": "GitHub \(id)", "email": email as Any, "emails": emails]
    ])
    return try await Harness(configuration: client.configuration).signIn(OAuthProvider(providerID: "github.com"))
  }

  /// The world's X user.
  func twitter() async throws -> ProviderSignInResult {
    let client = try providers.twitter.orThrow("this world has no X user")
    return try await Harness(configuration: client.configuration).signIn(OAuthProvider(providerID: "twitter.com"))
  }

  /// The world's user of `oidc.NAME`.
  func oidc(_ name: String) async throws -> ProviderSignInResult {
    let tenant = try providers.oidc[name].orThrow("this world has no oidc.\(name)")
    return try await Harness(configuration: tenant.configuration).signIn(OAuthProvider(providerID: "oidc.\(name)"))
  }
}

extension Optional {
  func orThrow(_ message: String) throws -> Wrapped {
    guard let self else { throw TestSetupError(message) }
    return self
  }
}

/// A project on the Identity Toolkit test server (`POST /_test/projects`).
struct IdentityToolkitProject: Sendable {
  let base: URL
  let id: String
  let apiKey: String

  static func create(
    providers: AccountWorld.Providers, allowDuplicateEmails: Bool = false, options: [String: Any] = [:]
  ) async throws -> IdentityToolkitProject {
    let base = try await TestServers.shared.start().identityToolkit
    var configured: [String: Any] = ["github.com": ["client_id": "any", "base_url": providers.github.absoluteString]]
    if let twitter = providers.twitter {
      configured["twitter.com"] = [
        "consumer_key": twitter.clientID, "consumer_secret": twitter.clientSecret ?? "",
        "base_url": twitter.base.absoluteString,
      ]
    }
    for (name, tenant) in providers.oidc {
      configured["oidc.\(name)"] = ["issuer": tenant.base.absoluteString, "client_id": tenant.clientID]
    }
    let body: [String: Any] = [
      "providers": configured, "allow_duplicate_emails": allowDuplicateEmails, "max_password_attempts": 5,
    ].merging(options) { $1 }
    let created = try await Control.post(base.appendingPathComponent("_test/projects"), body)
    return IdentityToolkitProject(
      base: base, id: try (created["project_id"] as? String).orThrow("no project_id"),
      apiKey: try (created["api_key"] as? String).orThrow("no api_key"))
  }

  /// `HOST:PORT` of the test server.
  var host: String { "\(base.host!):\(base.port!)" }

  /// The `[firebase]` table of this project on the test server.
  var configuration: String {
    """
    [firebase]
    api_key = "\(apiKey)"
    project_id = "\(id)"
    emulator_host = "\(host)"

    """
  }

  func advance(by seconds: TimeInterval) async throws {
    _ = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/clock"), ["advance": seconds])
  }

  func accounts() async throws -> [[String: Any]] {
    let answer = try await Control.get(base.appendingPathComponent("_test/projects/\(id)/accounts")) as? [String: Any]
    return answer?["accounts"] as? [[String: Any]] ?? []
  }

  /// The requests the project received (`op`, `fields`, `result`, …; never a secret).
  func log() async throws -> [[String: Any]] {
    let answer = try await Control.get(base.appendingPathComponent("_test/projects/\(id)/log")) as? [String: Any]
    return answer?["requests"] as? [[String: Any]] ?? []
  }

  func disable(_ localID: String) async throws {
    _ = try await Control.post(base.appendingPathComponent("_test/projects/\(id)/users/\(localID)/disable"), [:])
  }

  /// The next `count` requests of `op` answer `status` (500 or 503).
  func fault(_ op: String, status: Int = 503, count: Int = 1) async throws {
    _ = try await Control.post(
      base.appendingPathComponent("_test/projects/\(id)/fault"), ["op": op, "status": status, "count": count])
  }
}
