import Foundation

/// Reads the signed-in user from the provider once the sign-in has its tokens: one parser per
/// `ProfileSource`, chosen through the provider's row (`ProviderDescriptor.profile`).
protocol ProfileParser {
  /// The user as a federated identity, and the provider's profile as received (`AdditionalUserInfo`).
  static func identity(_ context: ProfileContext) async throws -> (FederatedIdentity, [String: JSONValue])
}

/// What a profile parser may use. The flow fills what it has: OpenID Connect the discovery document and
/// the verified ID token's claims, OAuth 1.0a its signing client and the token secret.
struct ProfileContext: Sendable {
  var provider: ResolvedProvider
  var accessToken: AccessToken
  var http: ProviderHTTP
  /// The scopes granted (RFC 6749 §5.1 `scope`, else those requested).
  var scopes: [String] = []
  var discovery: DiscoveryDocument?
  /// Claims of an ID token that passed `IDTokenValidator`.
  var idTokenClaims: [String: JSONValue]?
  var oauth1: OAuth1Client?
  var tokenSecret: OAuthTokenSecret?

  var providerID: String { provider.providerID }

  /// The configured or built-in `api_base_url`.
  func apiBase() throws -> URL { try provider.endpoint(.apiBase) }

  /// A missing piece the flow should have filled: a bug, not a provider's fault.
  func missing(_ what: String) -> AuthError {
    AuthError(
      .internalError, origin: .validation, detail: "\(what) missing for the \(provider.descriptor.profile) profile")
  }
}

extension ProfileSource {
  /// The one place a profile source meets its parser.
  var parser: any ProfileParser.Type {
    switch self {
    case .github: GitHubProfile.self
    case .twitterV1: TwitterV1Profile.self
    case .twitterV2: TwitterV2Profile.self
    case .openIDConnect: OpenIDProfile.self
    }
  }
}
