import Foundation

/// An endpoint a provider row can name (`ProviderEndpoints`). Each is also the `[providers."ID"]` key
/// that overrides it.
public enum ProviderEndpoint: String, Sendable, CaseIterable {
  /// OpenID Connect Discovery 1.0 §4: the issuer the other endpoints are discovered from.
  case issuer
  /// RFC 5849 §2.1 temporary credential request.
  case requestToken = "request_token_endpoint"
  /// RFC 6749 §3.1 / RFC 5849 §2.2 resource owner authorization.
  case authorization = "authorization_endpoint"
  /// RFC 5849 §2.3 token credentials request.
  case accessToken = "access_token_endpoint"
  /// RFC 6749 §3.2.
  case token = "token_endpoint"
  /// RFC 8628 §3.1 (GitHub's row, and an override of OpenID Connect discovery's).
  case deviceAuthorization = "device_authorization_endpoint"
  /// Where the profile parser reads the user (GitHub's REST API, X's API).
  case apiBase = "api_base_url"

  /// The configuration key that overrides the endpoint.
  public var configurationKey: String { rawValue }
}
