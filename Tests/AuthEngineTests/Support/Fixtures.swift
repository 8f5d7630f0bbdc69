import AuthEngine
import Foundation
import TestSupport

/// Creates fresh clients on the Authlib servers and the matching configuration text.
enum Fixtures {
  static let scheme = AppIdentity.tests.redirectScheme
  static let githubRedirect = "\(scheme):/oauth2redirect/github.com"
  static let twitterCallback = "\(scheme)://oauth1redirect/twitter.com"
  static func oidcRedirect(_ name: String) -> String { "\(scheme):/oauth2redirect/oidc.\(name)" }

  struct Provider {
    var configuration: String
    var clientID: String
    var clientSecret: String?
    var base: URL
  }

  /// A GitHub-like client; `options` go to `POST /_test/clients` (fault, consent, user, …).
  static func github(_ options: [String: Any] = [:], extraConfiguration: String = "") async throws -> Provider {
    let base = try await TestServers.shared.start().github
    let client = try await register(at: base, "_test/clients", ["redirect_uris": [githubRedirect]], options)
    let id = client["client_id"] as! String
    let secret = client["client_secret"] as? String
    let configuration = """
      [providers."github.com"]
      client_id = "\(id)"
      \(secret.map { "client_secret = \"\($0)\"" } ?? "")
      authorization_endpoint = "\(base)/login/oauth/authorize"
      token_endpoint = "\(base)/login/oauth/access_token"
      api_base_url = "\(base)"
      \(extraConfiguration)
      """
    return Provider(configuration: configuration, clientID: id, clientSecret: secret, base: base)
  }

  static func twitter(_ options: [String: Any] = [:]) async throws -> Provider {
    let base = try await TestServers.shared.start().twitter
    let client = try await register(at: base, "_test/clients", ["callback_uris": [twitterCallback]], options)
    let key = client["consumer_key"] as! String
    let secret = client["consumer_secret"] as! String
    let configuration = """
      [providers."twitter.com"]
      consumer_key = "\(key)"
      consumer_secret = "\(secret)"
      request_token_endpoint = "\(base)/oauth/request_token"
      authorization_endpoint = "\(base)/oauth/authenticate"
      access_token_endpoint = "\(base)/oauth/access_token"
      api_base_url = "\(base)"
      """
    return Provider(configuration: configuration, clientID: key, clientSecret: secret, base: base)
  }

  /// An OIDC tenant named `oidc.NAME`; `mode` selects a conformance failure.
  static func oidc(name: String = "test", _ options: [String: Any] = [:]) async throws -> Provider {
    let base = try await TestServers.shared.start().oidc
    let tenant = try await register(at: base, "_test/tenants", ["redirect_uris": [oidcRedirect(name)]], options)
    let id = tenant["client_id"] as! String
    let secret = tenant["client_secret"] as? String
    let configuration = """
      [providers."oidc.\(name)"]
      issuer = "\(tenant["issuer"] as! String)"
      client_id = "\(id)"
      \(secret.map { "client_secret = \"\($0)\"" } ?? "")
      """
    return Provider(
      configuration: configuration, clientID: id, clientSecret: secret, base: URL(string: tenant["issuer"] as! String)!)
  }

  /// `POST`s `defaults` overridden by `options` to a control endpoint.
  static func register(at base: URL, _ path: String, _ defaults: [String: Any], _ options: [String: Any])
    async throws -> [String: Any]
  {
    try await Control.post(base.appendingPathComponent(path), defaults.merging(options) { $1 })
  }

  static func tenantStats(_ issuer: URL) async throws -> [String: Int] {
    let tenant = issuer.lastPathComponent
    let base = issuer.deletingLastPathComponent().deletingLastPathComponent()
    return try await Control.get(base.appendingPathComponent("_test/tenants/\(tenant)/stats")) as? [String: Int] ?? [:]
  }
}
