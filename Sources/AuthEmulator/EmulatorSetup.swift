import AuthEngine
import Foundation

/// Points an app configuration at the emulator, and the configuration used when there is none.
///
/// The emulator's URL layout (BASE is e.g. `http://127.0.0.1:9399`):
/// - GitHub: `BASE/github/login/oauth/authorize`, `BASE/github/login/oauth/access_token`, API `BASE/github/api`;
/// - X (OAuth 1.0a): `BASE/twitter/oauth/request_token`, `…/oauth/authenticate`, `…/oauth/access_token`,
///   API `BASE/twitter`;
/// - OpenID Connect: issuer `BASE/oidc` (ES256 ID tokens) or `BASE/oidc/rs256` (RS256).
public enum EmulatorSetup {
  public static let githubClientID = "emulator-github"
  public static let twitterConsumerKey = "emulator-twitter"
  public static let twitterConsumerSecret = "emulator-twitter-secret"
  public static let oidcClientID = "emulator-oidc"
  public static let oidcProviderID = "oidc.emulator"

  /// The built-in configuration as TOML: GitHub, X (OAuth 1.0a) and `oidc.emulator` with the emulator's
  /// fixed client ids and the default custom-scheme redirects. With `emulatorBaseURL`, every endpoint
  /// points at that emulator; without, GitHub and X keep their real endpoints and the OIDC issuer is
  /// the emulator on its default port.
  public static func defaultConfigurationText(emulatorBaseURL base: URL? = nil) -> String {
    let root = base.map(trimmed) ?? "http://127.0.0.1:\(ProviderEmulator.defaultPort)"
    var text = """
      [providers."github.com"]
      client_id = "\(githubClientID)"

      """
    if base != nil {
      text += """
        authorization_endpoint = "\(root)/github/login/oauth/authorize"
        token_endpoint = "\(root)/github/login/oauth/access_token"
        api_base_url = "\(root)/github/api"

        """
    }
    text += """

      [providers."twitter.com"]
      consumer_key = "\(twitterConsumerKey)"
      consumer_secret = "\(twitterConsumerSecret)"

      """
    if base != nil {
      text += """
        request_token_endpoint = "\(root)/twitter/oauth/request_token"
        authorization_endpoint = "\(root)/twitter/oauth/authenticate"
        access_token_endpoint = "\(root)/twitter/oauth/access_token"
        api_base_url = "\(root)/twitter"

        """
    }
    text += """

      [providers."\(oidcProviderID)"]
      issuer = "\(root)/oidc"
      client_id = "\(oidcClientID)"

      """
    return text
  }

  /// `defaultConfigurationText()` parsed by `ConfigurationLoader.parse`, so it passes the same checks
  /// as a file.
  public static func defaultConfiguration(emulatorBaseURL base: URL? = nil) -> AuthConfiguration {
    // The text is fixed and covered by tests; a failure here is a bug in this file.
    try! ConfigurationLoader.parse(
      defaultConfigurationText(emulatorBaseURL: base), source: "built-in emulator configuration")
  }

  /// `configuration` (nil: the built-in one) with every provider's endpoints pointed at the emulator at
  /// `base`. Client ids, secrets, redirect URIs and scopes stay. X with `protocol = "oauth2"` becomes
  /// OAuth 1.0a with the emulator's consumer key (the emulator speaks X's OAuth 1.0a only).
  public static func configuration(_ configuration: AuthConfiguration?, pointingAt base: URL) -> AuthConfiguration {
    guard var result = configuration else { return defaultConfiguration(emulatorBaseURL: base) }
    let root = trimmed(base)
    for (id, var settings) in result.providers {
      switch settings.flow {
      case .oauth2 where id == "github.com":
        settings.authorizationEndpoint = URL(string: "\(root)/github/login/oauth/authorize")
        settings.tokenEndpoint = URL(string: "\(root)/github/login/oauth/access_token")
        settings.apiBaseURL = URL(string: "\(root)/github/api")
      case .oauth1, .oauth2:
        if settings.flow == .oauth2 {
          settings.flow = .oauth1
          settings.clientID = nil
          settings.clientSecret = nil
          settings.tokenEndpoint = nil
          settings.consumerKey = twitterConsumerKey
          settings.consumerSecret = ConsumerSecret(twitterConsumerSecret)
        }
        settings.requestTokenEndpoint = URL(string: "\(root)/twitter/oauth/request_token")
        settings.authorizationEndpoint = URL(string: "\(root)/twitter/oauth/authenticate")
        settings.accessTokenEndpoint = URL(string: "\(root)/twitter/oauth/access_token")
        settings.apiBaseURL = URL(string: "\(root)/twitter")
      case .oidc:
        // An issuer already at this emulator (`/oidc/rs256` for RS256 ID tokens) stays.
        if !(settings.issuer?.absoluteString.hasPrefix("\(root)/oidc") ?? false) {
          settings.issuer = URL(string: "\(root)/oidc")
        }
      }
      result.providers[id] = settings
    }
    return result
  }

  /// The clients the emulator accepts: one per provider of `configuration` (its client id, secret and
  /// redirect URI), plus the built-in ones, merged by client id.
  public static func clients(for configuration: AuthConfiguration?) -> [EmulatorClient] {
    var clients: [EmulatorClient] = []
    func register(_ client: EmulatorClient) {
      if let index = clients.firstIndex(where: { $0.provider == client.provider && $0.clientID == client.clientID }) {
        for uri in client.redirectURIs where !clients[index].redirectURIs.contains(uri) {
          clients[index].redirectURIs.append(uri)
        }
      } else {
        clients.append(client)
      }
    }
    // Pointed first, so X over OAuth 2.0 is registered as the OAuth 1.0a client it becomes.
    let placeholder = URL(string: "http://127.0.0.1")!
    for source in [configuration.map { Self.configuration($0, pointingAt: placeholder) }, defaultConfiguration()] {
      guard let source else { continue }
      for id in source.providerIDs {
        guard let settings = source.providers[id],
          let redirect = try? source.redirectURI(for: id)
        else { continue }
        switch settings.flow {
        case .oauth1:
          guard let key = settings.consumerKey, let secret = settings.consumerSecret else { continue }
          register(EmulatorClient(provider: .twitter, clientID: key, consumerSecret: secret, redirectURIs: [redirect]))
        case .oauth2, .oidc:
          guard let clientID = settings.clientID else { continue }
          register(
            EmulatorClient(
              provider: settings.flow == .oidc ? .oidc : .github, clientID: clientID,
              clientSecret: settings.clientSecret, redirectURIs: [redirect]))
        }
      }
    }
    return clients
  }

  static func trimmed(_ base: URL) -> String {
    let text = base.absoluteString
    return text.hasSuffix("/") ? String(text.dropLast()) : text
  }
}
