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

extension IdentityToolkitTestProject {
  /// A project that knows the world's providers.
  static func create(
    providers: AccountWorld.Providers, allowDuplicateEmails: Bool = false, options: [String: Any] = [:]
  ) async throws -> IdentityToolkitTestProject {
    var configured: [String: [String: Any]] = [
      "github.com": ["client_id": "any", "base_url": providers.github.absoluteString]
    ]
    if let twitter = providers.twitter {
      configured["twitter.com"] = [
        "consumer_key": twitter.clientID, "consumer_secret": twitter.clientSecret ?? "",
        "base_url": twitter.base.absoluteString,
      ]
    }
    for (name, tenant) in providers.oidc {
      configured["oidc.\(name)"] = ["issuer": tenant.base.absoluteString, "client_id": tenant.clientID]
    }
    return try await create(
      providers: configured, options: ["allow_duplicate_emails": allowDuplicateEmails].merging(options) { $1 })
  }
}
