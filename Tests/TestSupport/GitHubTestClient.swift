import AuthEngine
import Foundation

/// A client of the Authlib GitHub-like server, as an AuthDesktop configuration.
public enum GitHubTestClient {
  /// The default custom-scheme redirect URI of `github.com`.
  public static let schemeRedirect = "\(AppIdentity.tests.redirectScheme):/oauth2redirect/github.com"
  /// The default loopback redirect URI of `github.com` (the server accepts any port on it).
  public static let loopbackRedirect = "http://127.0.0.1/oauth2redirect/github.com"

  /// A new client whose user is `user` (default: octocat, id 1001) and its `[providers."github.com"]`
  /// section (the device flow's endpoint included), with `redirect` set to the kind of `redirect`
  /// (http: is loopback), so that no automatic choice (docs/configuration.md, "Which redirect") changes what a test
  /// exercises. `options` go to `POST /_test/clients` too (`device_interval`, `consent`, …).
  public static func configuration(redirect: String, user: [String: Any]? = nil, options: [String: Any] = [:])
    async throws -> (String, URL)
  {
    let (table, base) = try await client(redirects: [redirect], user: user, options: options)
    return (table + "redirect = \"\(redirect.hasPrefix("http:") ? "loopback" : "scheme")\"\n", base)
  }

  /// A new client registered for both redirects, its section without `redirect`: each sign-in chooses.
  public static func automaticConfiguration(options: [String: Any] = [:]) async throws -> (String, URL) {
    try await client(redirects: [schemeRedirect, loopbackRedirect], user: nil, options: options)
  }

  /// A new client registered for `redirects`, and its `[providers."github.com"]` section without
  /// `redirect` (a flag such as `--device` then chooses), with the server's base URL.
  public static func client(redirects: [String], user: [String: Any]?, options: [String: Any] = [:]) async throws
    -> (String, URL)
  {
    let base = try await TestServers.shared.start().github
    var body: [String: Any] = options.merging(["redirect_uris": redirects]) { $1 }
    body["user"] = user
    let client = try await Control.post(base.appendingPathComponent("_test/clients"), body)
    let configuration = """
      [providers."github.com"]
      client_id = "\(client["client_id"] as! String)"
      client_secret = "\(client["client_secret"] as! String)"
      authorization_endpoint = "\(base)/login/oauth/authorize"
      token_endpoint = "\(base)/login/oauth/access_token"
      device_authorization_endpoint = "\(base)/login/device/code"
      api_base_url = "\(base)"

      """
    return (configuration, base)
  }
}
