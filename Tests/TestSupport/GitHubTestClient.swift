import AuthEngine
import Foundation

/// A client of the Authlib GitHub-like server, as an AuthDesktop configuration.
public enum GitHubTestClient {
  /// The default custom-scheme redirect URI of `github.com`.
  public static let schemeRedirect = "\(AppIdentity.tests.redirectScheme):/oauth2redirect/github.com"

  /// A new client whose user is `user` (default: octocat, id 1001) and its `[providers."github.com"]`
  /// section (the device flow's endpoint included); a loopback `redirect` (http:) sets
  /// `redirect = "loopback"`. `options` go to `POST /_test/clients` too (`device_interval`, `consent`, …).
  public static func configuration(redirect: String, user: [String: Any]? = nil, options: [String: Any] = [:])
    async throws -> (String, URL)
  {
    let base = try await TestServers.shared.start().github
    var body: [String: Any] = options.merging(["redirect_uris": [redirect]]) { $1 }
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
      \(redirect.hasPrefix("http:") ? "redirect = \"loopback\"" : "")
      """
    return (configuration, base)
  }
}
