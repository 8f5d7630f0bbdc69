import AuthEngine
import Foundation

/// The emulator's paths, read from the built-in provider rows (`ProviderDescriptor.emulator`), so the
/// router and the configurations `EmulatorSetup` points at it cannot disagree. Paths below an API base
/// are the ones the engine's profile parsers read.
enum EmulatorRoutes {
  static let githubAuthorize = route(.github, .authorization)
  static let githubToken = route(.github, .token)
  /// RFC 8628 §3.1: GitHub's `/login/device/code`; its verification page is `/login/device`.
  static let githubDeviceCode = route(.github, .deviceAuthorization)
  static let githubDevicePage = String(githubDeviceCode.dropLast("/code".count))
  static let githubAPI = route(.github, .apiBase)
  static let githubUser = githubAPI + "/user"
  static let githubEmails = githubAPI + "/user/emails"
  /// `DELETE PREFIX{client_id}/token`.
  static let githubApplications = githubAPI + "/applications/"

  static let twitterRequestToken = route(.twitterOAuth1, .requestToken)
  static let twitterAuthenticate = route(.twitterOAuth1, .authorization)
  /// X also answers `oauth/authorize`, next to `oauth/authenticate`.
  static let twitterAuthorize = twitterAuthenticate.replacingLastComponent("authorize")
  static let twitterAccessToken = route(.twitterOAuth1, .accessToken)
  static let twitterAPI = route(.twitterOAuth1, .apiBase)
  static let twitterVerifyCredentials = twitterAPI + "/1.1/account/verify_credentials.json"
  static let twitterInvalidate = twitterAPI + "/1.1/oauth/invalidate_token"

  /// The ES256 issuer; the RS256 one is below it (`OIDCIssuer`).
  static let oidcIssuer = route(.openIDConnect, .issuer)

  private static func route(_ row: ProviderDescriptor, _ endpoint: ProviderEndpoint) -> String {
    guard let route = row.emulator?.route(endpoint) else {
      preconditionFailure("the \(row.displayName) row has no emulator path for \(endpoint.configurationKey)")
    }
    return route
  }
}

extension String {
  /// `/a/b/c` → `/a/b/NAME`.
  fileprivate func replacingLastComponent(_ name: String) -> String {
    guard let slash = lastIndex(of: "/") else { return name }
    return String(self[...slash]) + name
  }
}
