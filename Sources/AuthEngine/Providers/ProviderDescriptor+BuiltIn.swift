import Foundation

/// The built-in rows, in display order.
extension ProviderDescriptor {
  public static let github = ProviderDescriptor(
    id: .exact("github.com"), displayName: "GitHub", flow: .oauth2, order: 0,
    configurationKeys: ConfigurationKeys(
      accepted: [
        "client_id", "client_secret", "authorization_endpoint", "token_endpoint", "api_base_url", "redirect_uri",
        "redirect", "scopes", "device_authorization_endpoint", "git_hosts",
      ],
      required: ["client_id"]),
    endpoints: [
      .authorization: URL(string: "https://github.com/login/oauth/authorize")!,
      .token: URL(string: "https://github.com/login/oauth/access_token")!,
      .deviceAuthorization: URL(string: "https://github.com/login/device/code")!,
      .apiBase: URL(string: "https://api.github.com")!,
    ],
    defaultScopes: ["read:user", "user:email"], profile: .github, clientAuthentication: .clientSecretPost,
    tokenErrorsMayUseStatus200: true,
    emulator: EmulatorPaths(
      mount: "github",
      endpoints: [
        .authorization: "github/login/oauth/authorize", .token: "github/login/oauth/access_token",
        .deviceAuthorization: "github/login/device/code", .apiBase: "github/api",
      ]))

  /// X's classic sign-in, the default for `twitter.com`.
  public static let twitterOAuth1 = ProviderDescriptor(
    id: .exact("twitter.com"), displayName: "X (Twitter)", flow: .oauth1, order: 1,
    configurationKeys: ConfigurationKeys(
      accepted: [
        "consumer_key", "consumer_secret", "request_token_endpoint", "authorization_endpoint",
        "access_token_endpoint", "api_base_url", "redirect_uri", "redirect",
      ],
      required: ["consumer_key", "consumer_secret"]),
    endpoints: [
      .authorization: URL(string: "https://api.twitter.com/oauth/authenticate")!,
      .requestToken: URL(string: "https://api.twitter.com/oauth/request_token")!,
      .accessToken: URL(string: "https://api.twitter.com/oauth/access_token")!,
      .apiBase: URL(string: "https://api.twitter.com")!,
    ],
    defaultScopes: [], profile: .twitterV1, clientAuthentication: .none,
    emulator: EmulatorPaths(
      mount: "twitter",
      endpoints: [
        .requestToken: "twitter/oauth/request_token", .authorization: "twitter/oauth/authenticate",
        .accessToken: "twitter/oauth/access_token", .apiBase: "twitter",
      ]))

  /// `protocol = "oauth2"`. The emulator speaks only X's OAuth 1.0a, so it has no emulator paths.
  public static let twitterOAuth2 = ProviderDescriptor(
    id: .exact("twitter.com"), displayName: "X (Twitter)", flow: .oauth2, order: 1,
    configurationKeys: ConfigurationKeys(
      accepted: [
        "client_id", "client_secret", "token_endpoint", "authorization_endpoint", "api_base_url", "redirect_uri",
        "redirect",
      ],
      required: ["client_id"]),
    endpoints: [
      .authorization: URL(string: "https://twitter.com/i/oauth2/authorize")!,
      .token: URL(string: "https://api.twitter.com/2/oauth2/token")!, .apiBase: URL(string: "https://api.twitter.com")!,
    ],
    defaultScopes: ["tweet.read", "users.read"], profile: .twitterV2, clientAuthentication: .clientSecretBasic)

  /// Every `oidc.NAME`: the endpoints, the device authorization endpoint included, come from discovery.
  public static let openIDConnect = ProviderDescriptor(
    id: .prefix("oidc."), displayName: "OpenID Connect", flow: .oidc, order: 2,
    configurationKeys: ConfigurationKeys(
      accepted: [
        "issuer", "client_id", "client_secret", "scopes", "redirect_uri", "redirect", "device_authorization_endpoint",
        "git_hosts",
      ],
      required: ["issuer", "client_id"]),
    defaultScopes: ["openid", "email", "profile"], profile: .openIDConnect, clientAuthentication: .clientSecretBasic,
    emulator: EmulatorPaths(mount: "oidc", endpoints: [.issuer: "oidc"]))
}
