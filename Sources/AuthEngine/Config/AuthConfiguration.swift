import Foundation

/// Where secrets are kept (`[app] secret_store`).
public enum SecretStoreChoice: String, Sendable {
  /// The desktop keyring through the Secret Service API (the default).
  case secretService = "secret-service"
  /// A 0600 file in the data dir: an explicit opt-in for machines without a keyring.
  case file
}

/// Which redirect a sign-in uses: the custom scheme (RFC 8252 §7.1), loopback (§7.3), or none, the
/// device grant (RFC 8628). What `redirect = "…"` names, what the shell decides (`RedirectChoice` in the
/// app), and what a `RedirectSource` is.
public enum RedirectMode: String, Sendable, CaseIterable {
  case scheme
  case loopback
  /// `redirect = "device"`: sign-ins use the device grant unless the shell asks for the browser, which
  /// then uses the custom scheme.
  case device
}

/// `[app]`.
public struct AppSettings: Sendable {
  /// The app the configuration is for (not from the file: the app supplies it).
  public var identity: AppIdentity
  /// The private-use URI scheme (RFC 8252 §7.1); by default the identity's.
  public var redirectScheme: String
  public var oneAccountPerEmail = true
  /// `[[accounts]]`: the account for work in or under a directory, in the file's order.
  public var accountRules: [AccountRule] = []
  public var secretStore = SecretStoreChoice.secretService

  public init(identity: AppIdentity) {
    self.identity = identity
    redirectScheme = identity.redirectScheme
  }
}

/// `[providers."ID"]`: credentials and overrides of one provider.
public struct ProviderSettings: Sendable {
  public var providerID: String
  public var flow: ProviderProtocol
  public var clientID: String?
  public var clientSecret: ClientSecret?
  public var consumerKey: String?
  public var consumerSecret: ConsumerSecret?
  /// The endpoints the table sets (`issuer`, `token_endpoint`, …): each overrides the row's, and for
  /// OpenID Connect `device_authorization_endpoint` overrides discovery's.
  public var endpoints: ProviderEndpoints = [:]
  public var redirectURI: URL?
  public var redirect: RedirectMode?
  public var scopes: [String]?
  /// `git_hosts`: the hosts (`HOST` or `HOST:PORT`, lowercased) whose git credentials are this
  /// provider's access tokens (`auth-desktop git-credential`); nil when the table does not say.
  public var gitHosts: [String]?

  public init(providerID: String, flow: ProviderProtocol) {
    self.providerID = providerID
    self.flow = flow
  }

  /// How redirects come back: `redirect` when set, loopback when `redirect_uri` is a loopback http URI,
  /// otherwise the custom scheme.
  public var redirectMode: RedirectMode {
    if let redirect { return redirect }
    if let redirectURI, redirectURI.scheme == "http", EndpointPolicy.isLoopback(redirectURI) { return .loopback }
    return .scheme
  }
}

/// The whole configuration file.
public struct AuthConfiguration: Sendable {
  public var app: AppSettings
  /// Keyed by provider id.
  public var providers: [String: ProviderSettings] = [:]
  /// The file it came from (for messages).
  public var source: String?
  /// The rows its providers were read against.
  public var providerTable = ProviderTable.builtIn
  /// `[firebase]`: the accounts are in this Firebase project; nil: on this machine.
  public var firebase: FirebaseSettings?

  public init(identity: AppIdentity) { app = AppSettings(identity: identity) }

  /// Whether `providerID`, as configured (X: OAuth 1.0a unless `protocol = "oauth2"`), has scopes to ask
  /// for (`ProviderDescriptor.hasScopes`); true for a provider that is not configured.
  public func hasScopes(_ providerID: String) -> Bool {
    guard let settings = providers[providerID], let row = providerTable.row(for: providerID, flow: settings.flow)
    else { return true }
    return row.hasScopes
  }

  /// Provider ids in display order (`ProviderDescriptor.order`: GitHub, X, then OIDC providers), by id
  /// within one order.
  public var providerIDs: [String] {
    providers.keys.sorted { lhs, rhs in
      (providerTable.order(of: lhs), lhs) < (providerTable.order(of: rhs), rhs)
    }
  }
}

/// RFC 8252 §8.3 / RFC 9700 §2.6: endpoints must use TLS, except on the loopback interface.
public enum EndpointPolicy {
  public static func isLoopback(_ url: URL) -> Bool {
    guard let host = url.host?.lowercased() else { return false }
    if host == "localhost" || host == "::1" || host == "[::1]" { return true }
    let octets = host.split(separator: ".")
    return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
  }

  /// Whether `url` may be used as a provider endpoint.
  public static func isAllowed(_ url: URL) -> Bool {
    guard url.host?.isEmpty == false else { return false }
    switch url.scheme?.lowercased() {
    case "https": return true
    case "http": return isLoopback(url)
    default: return false
    }
  }

  /// Throws `auth/insecure-endpoint` unless `url` is allowed: with `issue` (its problem is
  /// `.insecureURL`) for a configured URL, or naming `what` in `detail` for a discovered one.
  public static func check(_ url: URL, configured issue: ConfigurationIssue?, what: String) throws {
    guard isAllowed(url) else {
      let detail = "\(what) must be an https URL, or http on 127.0.0.1/localhost"
      guard let issue else { throw AuthError(.insecureEndpoint, origin: .providerResponse, detail: detail) }
      throw AuthError.configuration(issue, code: .insecureEndpoint, detail: detail)
    }
  }
}
