import Foundation

@testable import AuthEngine

/// What the harnesses share: an app identity, a configuration with every kind of provider, and a
/// transport that answers every request with the same response.
enum FuzzFixtures {
  static let identity = AppIdentity(applicationID: "dev.authdesktop.Fuzz", name: "auth-desktop-fuzz", version: "0")
  static let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

  static let configurationText = """
    [providers."github.com"]
    client_id = "gh-client"
    client_secret = "gh-secret"
    device_authorization_endpoint = "https://github.com/login/device/code"

    [providers."twitter.com"]
    protocol = "oauth1"
    consumer_key = "tw-key"
    consumer_secret = "tw-secret"

    [providers."oidc.fuzz"]
    client_id = "oidc-client"
    issuer = "https://issuer.example"
    git_hosts = ["git.example", "127.0.0.1:8080", "[::1]:8443"]

    """

  static let configuration: AuthConfiguration = {
    do {
      return try ConfigurationLoader.parse(configurationText, identity: identity)
    } catch {
      fatalError("the fuzz fixtures' configuration does not parse: \(error)")
    }
  }()

  static func provider(_ id: String) -> ResolvedProvider {
    do {
      return try ResolvedProvider(providerID: id, configuration: configuration)
    } catch {
      fatalError("the fuzz fixtures have no provider \(id): \(error)")
    }
  }

  /// An HTTP client whose every request is answered with `response`.
  static func http(answering response: HTTPResponse) -> ProviderHTTP {
    ProviderHTTP(transport: InMemoryHTTPTransport { _ in response }, userAgent: "auth-desktop-fuzz")
  }

  /// A response of `kind` (the variant: JSON, form, plain text, an error status) carrying `body`.
  static func response(_ body: Data, kind: Int) -> HTTPResponse {
    let types = [
      "application/json", "application/x-www-form-urlencoded", "text/plain", "application/json",
      "application/x-www-form-urlencoded", "application/json",
    ]
    let statuses = [200, 200, 200, 400, 401, 500]
    return HTTPResponse(
      status: statuses[kind % statuses.count], headers: ["Content-Type": types[kind % types.count]], body: body)
  }
}
