import AuthEngine
import Foundation

/// Points an app configuration at the emulator, and the configuration used when there is none. Where
/// each endpoint lives under the emulator's base URL (e.g. `http://127.0.0.1:9399`) is the provider
/// row's `EmulatorPaths`: GitHub under `BASE/github`, X (OAuth 1.0a) under `BASE/twitter`, the OpenID
/// Connect issuer at `BASE/oidc` (ES256 ID tokens; `BASE/oidc/rs256` signs with RS256).
public enum EmulatorSetup {
  public static let githubClientID = "emulator-github"
  public static let twitterConsumerKey = "emulator-twitter"
  public static let twitterConsumerSecret = "emulator-twitter-secret"
  public static let oidcClientID = "emulator-oidc"
  public static let oidcProviderID = "oidc.emulator"

  /// The built-in configuration's providers, in display order, each with the emulator's own client
  /// (the keys and values of its `[providers."ID"]` table).
  static let builtInProviders: [(providerID: String, client: [(key: String, value: String)])] = [
    ("github.com", [("client_id", githubClientID)]),
    ("twitter.com", [("consumer_key", twitterConsumerKey), ("consumer_secret", twitterConsumerSecret)]),
    (oidcProviderID, [("client_id", oidcClientID)]),
  ]

  /// The built-in configuration as TOML: GitHub, X (OAuth 1.0a) and `oidc.emulator` with the emulator's
  /// fixed client ids and the default custom-scheme redirects. With `emulatorBaseURL`, every endpoint a
  /// configuration key names points at that emulator; without, GitHub and X keep their real endpoints and
  /// the OIDC issuer (a key its row requires) is the emulator on its default port.
  public static func defaultConfigurationText(emulatorBaseURL base: URL? = nil) -> String {
    let root = base ?? URL(string: "http://127.0.0.1:\(ProviderEmulator.defaultPort)")!
    return builtInProviders.map { provider in
      var lines = ["[providers.\"\(provider.providerID)\"]"] + provider.client.map { "\($0.key) = \"\($0.value)\"" }
      if let row = ProviderTable.builtIn.row(for: provider.providerID), let paths = row.emulator {
        for (endpoint, _) in paths.ordered
        where row.configurationKeys.accepted.contains(endpoint.configurationKey)
          && (base != nil || row.configurationKeys.required.contains(endpoint.configurationKey))
        {
          lines.append("\(endpoint.configurationKey) = \"\(paths.url(endpoint, base: root)!.absoluteString)\"")
        }
      }
      return lines.joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
  }

  /// `defaultConfigurationText()` parsed by `ConfigurationLoader.parse`, so it passes the same checks
  /// as a file. With `emulatorBaseURL`, the endpoints no configuration key names (GitHub's device
  /// authorization endpoint) point at the emulator too.
  public static func defaultConfiguration(emulatorBaseURL base: URL? = nil, identity: AppIdentity) -> AuthConfiguration
  {
    // The text is fixed and covered by tests; a failure here is a bug in this file.
    var configuration = try! ConfigurationLoader.parse(
      defaultConfigurationText(emulatorBaseURL: base), source: "built-in emulator configuration", identity: identity)
    if let base {
      for (id, settings) in configuration.providers {
        configuration.providers[id] = pointed(
          settings, table: configuration.providerTable, base: base, identity: identity)
      }
    }
    return configuration
  }

  /// `configuration` (nil: the built-in one) with every provider's endpoints pointed at the emulator at
  /// `base`. Client ids, secrets, redirect URIs and scopes stay. A flow the emulator does not speak (X with
  /// `protocol = "oauth2"`) becomes the provider's flow it does speak, with the emulator's own client.
  public static func configuration(_ configuration: AuthConfiguration?, pointingAt base: URL, identity: AppIdentity)
    -> AuthConfiguration
  {
    guard var result = configuration else { return defaultConfiguration(emulatorBaseURL: base, identity: identity) }
    for (id, settings) in result.providers {
      result.providers[id] = pointed(settings, table: result.providerTable, base: base, identity: identity)
    }
    return result
  }

  /// `settings` with each endpoint its row's `EmulatorPaths` names set under `base`.
  static func pointed(_ settings: ProviderSettings, table: ProviderTable, base: URL, identity: AppIdentity)
    -> ProviderSettings
  {
    var settings = settings
    var row = table.row(for: settings.providerID, flow: settings.flow)
    if row?.emulator == nil, let emulated = table.rows(for: settings.providerID).first(where: { $0.emulator != nil }),
      var builtIn = defaultConfiguration(identity: identity).providers[settings.providerID],
      builtIn.flow == emulated.flow
    {
      (builtIn.redirectURI, builtIn.redirect, builtIn.scopes) = (
        settings.redirectURI, settings.redirect, settings.scopes
      )
      (settings, row) = (builtIn, emulated)
    }
    guard let paths = row?.emulator else { return settings }
    for (endpoint, _) in paths.ordered {
      let url = paths.url(endpoint, base: base)
      // An issuer already at this emulator (`/oidc/rs256` for RS256 ID tokens) stays.
      if endpoint == .issuer, let issuer = settings.endpoints[.issuer]?.absoluteString, let url,
        issuer.hasPrefix(url.absoluteString)
      {
        continue
      }
      settings.endpoints[endpoint] = url
    }
    return settings
  }

  /// The clients the emulator accepts: one per provider of `configuration` (its client id, secret and
  /// redirect URI), plus the built-in ones, merged by client id.
  public static func clients(for configuration: AuthConfiguration?, identity: AppIdentity) -> [EmulatorClient] {
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
    let sources = [
      configuration.map { Self.configuration($0, pointingAt: placeholder, identity: identity) },
      defaultConfiguration(identity: identity),
    ]
    for source in sources {
      guard let source else { continue }
      for id in source.providerIDs {
        guard let settings = source.providers[id],
          let mount = source.providerTable.row(for: id, flow: settings.flow)?.emulator?.mount,
          let provider = EmulatorIdentity.Provider(rawValue: mount),
          let redirects = try? source.redirectURIs(for: id)
        else { continue }
        switch settings.flow {
        case .oauth1:
          guard let key = settings.consumerKey, let secret = settings.consumerSecret else { continue }
          register(EmulatorClient(provider: provider, clientID: key, consumerSecret: secret, redirectURIs: redirects))
        case .oauth2, .oidc:
          guard let clientID = settings.clientID else { continue }
          register(
            EmulatorClient(
              provider: provider, clientID: clientID, clientSecret: settings.clientSecret, redirectURIs: redirects))
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
