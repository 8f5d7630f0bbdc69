import Foundation

/// A configured provider: the built-in descriptor with the configuration's credentials and overrides.
struct ResolvedProvider: Sendable {
  var providerID: String
  var descriptor: ProviderDescriptor
  var settings: ProviderSettings
  var redirectScheme: String

  init(providerID: String, configuration: AuthConfiguration) throws {
    guard configuration.providerTable.contains(providerID) else {
      throw AuthError(.invalidProviderID, origin: .request, detail: "“\(providerID)”")
    }
    guard let settings = configuration.providers[providerID] else {
      throw AuthError(
        .operationNotAllowed, origin: .configuration, detail: "no [providers.\"\(providerID)\"] section",
        providerID: providerID)
    }
    guard var descriptor = configuration.providerTable.row(for: providerID, flow: settings.flow) else {
      throw AuthError(
        .invalidConfiguration, origin: .configuration,
        detail: "\(providerID) does not support \(settings.flow.rawValue)")
    }
    descriptor.authorizationEndpoint = settings.authorizationEndpoint ?? descriptor.authorizationEndpoint
    descriptor.tokenEndpoint = settings.tokenEndpoint ?? descriptor.tokenEndpoint
    descriptor.requestTokenEndpoint = settings.requestTokenEndpoint ?? descriptor.requestTokenEndpoint
    descriptor.accessTokenEndpoint = settings.accessTokenEndpoint ?? descriptor.accessTokenEndpoint
    descriptor.deviceAuthorizationEndpoint =
      settings.deviceAuthorizationEndpoint ?? descriptor.deviceAuthorizationEndpoint
    descriptor.apiBaseURL = settings.apiBaseURL ?? descriptor.apiBaseURL
    self.providerID = providerID
    self.descriptor = descriptor
    self.settings = settings
    redirectScheme = configuration.app.redirectScheme
  }

  /// The configured redirect URI, or the default: `SCHEME:/oauth2redirect/ID` (RFC 8252 §7.1),
  /// `SCHEME://oauth1redirect/ID` for OAuth 1.0a (providers reject single-slash callbacks), and
  /// `http://127.0.0.1/oauth2redirect/ID` for loopback (the port is chosen when the listener binds).
  var configuredRedirectURI: URL {
    if let uri = settings.redirectURI { return uri }
    let path = "/oauth2redirect/\(providerID)"
    switch (settings.redirectMode, descriptor.flow) {
    case (.loopback, _): return URL(string: "http://127.0.0.1\(path)")!
    case (.scheme, .oauth1): return URL(string: "\(redirectScheme)://oauth1redirect/\(providerID)")!
    case (.scheme, _): return URL(string: "\(redirectScheme):\(path)")!
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
    guard let clientID = settings.clientID else {
      throw AuthError(
        .invalidConfiguration, origin: .configuration, detail: "[providers.\"\(providerID)\"] client_id is missing")
    }
    return ClientCredentials(
      clientID: clientID, clientSecret: settings.clientSecret, method: settings.clientSecret == nil ? .none : method)
  }

  func endpoint(_ url: URL?, _ key: String) throws -> URL {
    guard let url else {
      throw AuthError(
        .invalidConfiguration, origin: .configuration, detail: "[providers.\"\(providerID)\"] \(key) is missing")
    }
    try EndpointPolicy.check(url, what: key)
    return url
  }
}

extension AuthConfiguration {
  /// The redirect URI `providerID` is configured with (`ResolvedProvider.configuredRedirectURI`): for
  /// loopback, without the port a listener chooses per sign-in.
  public func redirectURI(for providerID: String) throws -> URL {
    try ResolvedProvider(providerID: providerID, configuration: self).configuredRedirectURI
  }
}
