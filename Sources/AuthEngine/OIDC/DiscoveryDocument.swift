import Foundation

/// OpenID Connect Discovery 1.0 §3 provider metadata (the fields this client uses).
struct DiscoveryDocument: Sendable {
  var issuer: String
  var authorizationEndpoint: URL
  var tokenEndpoint: URL
  var jwksURI: URL
  var userinfoEndpoint: URL?
  /// RFC 7009 / RFC 8414 §2.
  var revocationEndpoint: URL?
  /// RFC 8628 §4: where the device grant starts; nil when the provider has none.
  var deviceAuthorizationEndpoint: URL?
  var tokenEndpointAuthMethods: [String]
  /// RFC 9207 §3.
  var issuerParameterSupported: Bool

  /// Fetches `{issuer}/.well-known/openid-configuration` and checks that it describes `issuer` exactly
  /// (Discovery §4.3) and that every endpoint is https (or loopback http).
  static func fetch(issuer: URL, http: ProviderHTTP) async throws -> DiscoveryDocument {
    let base = issuer.absoluteString.hasSuffix("/") ? String(issuer.absoluteString.dropLast()) : issuer.absoluteString
    guard let url = URL(string: base + "/.well-known/openid-configuration") else {
      throw AuthError.configuration(ConfigurationIssue(file: nil, key: "issuer", problem: .notAbsoluteURL))
    }
    let json = try await http.json(
      HTTPRequest(url: url, headers: [("Accept", "application/json")]), what: "OIDC discovery")
    guard let advertised = json["issuer"]?.string else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "discovery document has no issuer")
    }
    guard advertised == issuer.absoluteString || advertised == base else {
      throw AuthError(.issuerMismatch, origin: .validation, detail: "discovery document names a different issuer")
    }
    func endpoint(_ key: String, required: Bool) throws -> URL? {
      guard let text = json[key]?.string else {
        if required {
          throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "discovery document has no \(key)")
        }
        return nil
      }
      guard let url = URL(string: text) else {
        throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "discovery \(key) is not a URL")
      }
      try EndpointPolicy.check(url, configured: nil, what: "discovery \(key)")
      return url
    }
    return DiscoveryDocument(
      issuer: advertised,
      authorizationEndpoint: try endpoint("authorization_endpoint", required: true)!,
      tokenEndpoint: try endpoint("token_endpoint", required: true)!,
      jwksURI: try endpoint("jwks_uri", required: true)!,
      userinfoEndpoint: try endpoint("userinfo_endpoint", required: false),
      revocationEndpoint: try endpoint("revocation_endpoint", required: false),
      deviceAuthorizationEndpoint: try endpoint("device_authorization_endpoint", required: false),
      tokenEndpointAuthMethods: json["token_endpoint_auth_methods_supported"]?.array?.compactMap(\.string)
        ?? ["client_secret_basic"],
      issuerParameterSupported: json["authorization_response_iss_parameter_supported"]?.bool ?? false)
  }

  /// OIDC Core §9: `client_secret_basic` unless the provider supports only `client_secret_post`.
  func clientAuthentication(hasSecret: Bool) -> ClientAuthentication {
    guard hasSecret else { return .none }
    if tokenEndpointAuthMethods.contains("client_secret_basic") { return .clientSecretBasic }
    if tokenEndpointAuthMethods.contains("client_secret_post") { return .clientSecretPost }
    return .clientSecretBasic
  }
}
