import Foundation

/// A configured provider: the built-in descriptor with the configuration's credentials and overrides.
struct ResolvedProvider: Sendable {
  var providerID: String
  var descriptor: ProviderDescriptor
  var settings: ProviderSettings
  var redirectScheme: String
  /// The configuration file, for errors that name it.
  var configurationFile: String?

  init(providerID: String, configuration: AuthConfiguration) throws {
    guard configuration.providerTable.contains(providerID) else {
      throw AuthError(.invalidProviderID, origin: .request, providerID: providerID)
    }
    guard let settings = configuration.providers[providerID] else {
      throw AuthError.configuration(
        ConfigurationIssue(
          file: configuration.source, table: ConfigurationIssue.providerTable(providerID), problem: .missingTable),
        code: .operationNotAllowed, providerID: providerID)
    }
    guard var descriptor = configuration.providerTable.row(for: providerID, flow: settings.flow) else {
      throw AuthError.configuration(
        ConfigurationIssue(
          file: configuration.source, table: ConfigurationIssue.providerTable(providerID), key: "protocol",
          problem: .unsupportedProtocol(settings.flow.rawValue)),
        providerID: providerID)
    }
    descriptor.endpoints = descriptor.endpoints.overridden(by: settings.endpoints)
    self.providerID = providerID
    self.descriptor = descriptor
    self.settings = settings
    redirectScheme = configuration.app.redirectScheme
    configurationFile = configuration.source
  }

  /// The redirect URI of the configured mode (`ProviderSettings.redirectMode`).
  var configuredRedirectURI: URL { redirectURI(for: settings.redirectMode) }

  /// The redirect URI `mode` uses: the configured `redirect_uri` when it is of that kind (an `http`
  /// URI is loopback), otherwise the default: `SCHEME:/oauth2redirect/ID` (RFC 8252 §7.1),
  /// `SCHEME://oauth1redirect/ID` for OAuth 1.0a (providers reject single-slash callbacks), and
  /// `http://127.0.0.1/oauth2redirect/ID` for loopback (RFC 8252 §7.3: the port is chosen when the
  /// listener binds). A device-grant provider's browser sign-ins use the custom scheme.
  func redirectURI(for mode: RedirectMode) -> URL {
    if let uri = settings.redirectURI, (uri.scheme?.lowercased() == "http") == (mode == .loopback) { return uri }
    let path = "/oauth2redirect/\(providerID)"
    switch (mode, descriptor.flow) {
    case (.loopback, _): return URL(string: "http://127.0.0.1\(path)")!
    case (.scheme, .oauth1), (.device, .oauth1): return URL(string: "\(redirectScheme)://oauth1redirect/\(providerID)")!
    case (.scheme, _), (.device, _): return URL(string: "\(redirectScheme):\(path)")!
    }
  }

  /// Scopes: configured (or default), plus the request's, without duplicates; OIDC always has `openid`.
  func scopes(adding extra: [String]) -> [String] {
    var result: [String] = []
    let base = (descriptor.flow == .oidc ? ["openid"] : []) + (settings.scopes ?? descriptor.defaultScopes) + extra
    for scope in base where !result.contains(scope) { result.append(scope) }
    return result
  }

  func clientCredentials(method: ClientAuthentication) throws -> ClientCredentials {
    guard let clientID = settings.clientID else { throw missing("client_id") }
    return ClientCredentials(
      clientID: clientID, clientSecret: settings.clientSecret, method: settings.clientSecret == nil ? .none : method)
  }

  /// `which` of the row, as the configuration overrides it; `auth/invalid-configuration` when neither
  /// names it, `auth/insecure-endpoint` when it is not https (or http on the loopback interface).
  func endpoint(_ which: ProviderEndpoint) throws -> URL {
    try endpoint(descriptor.endpoints[which], which.configurationKey)
  }

  func endpoint(_ url: URL?, _ key: String) throws -> URL {
    guard let url else { throw missing(key) }
    try EndpointPolicy.check(url, configured: issue(key, .insecureURL), what: key)
    return url
  }

  /// `key` of this provider's table, with `problem`.
  func issue(_ key: String, _ problem: ConfigurationProblem) -> ConfigurationIssue {
    ConfigurationIssue(
      file: configurationFile, table: ConfigurationIssue.providerTable(providerID), key: key, problem: problem)
  }

  /// `auth/invalid-configuration`: `key` must be set.
  func missing(_ key: String) -> AuthError { .configuration(issue(key, .required), providerID: providerID) }
}

extension AuthConfiguration {
  /// The redirect URI `providerID` is configured with (`ResolvedProvider.configuredRedirectURI`): for
  /// loopback, without the port a listener chooses per sign-in.
  public func redirectURI(for providerID: String) throws -> URL {
    try ResolvedProvider(providerID: providerID, configuration: self).configuredRedirectURI
  }

  /// The redirect URIs a sign-in with `providerID` may use: the one of its `redirect` when set, otherwise
  /// the custom scheme's and the loopback one (the app chooses per sign-in).
  public func redirectURIs(for providerID: String) throws -> [URL] {
    let provider = try ResolvedProvider(providerID: providerID, configuration: self)
    guard provider.settings.redirect == nil else { return [provider.configuredRedirectURI] }
    return [provider.redirectURI(for: .scheme), provider.redirectURI(for: .loopback)]
  }
}
