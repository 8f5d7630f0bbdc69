import Foundation

/// One device authorization in flight (RFC 8628): what its polls and its end need. It lives only in
/// memory, for the life of its `DeviceSignInSession`: nothing of it is stored, so a process killed
/// while it waits leaves nothing behind.
struct DeviceGrant: Sendable {
  /// RFC 8628 §3.4 `grant_type`.
  static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

  let provider: ResolvedProvider
  let intent: SignInIntent
  /// OpenID Connect: the discovery document the ID token is checked against.
  let discovery: DiscoveryDocument?
  /// The token endpoint, with the client's authentication.
  let tokens: TokenClient
  let scopes: [String]
  let deviceCode: DeviceCode
  let prompt: DeviceAuthorizationPrompt
  let interval: TimeInterval

  /// Polls the token endpoint, paced on `clock` (`DevicePoller`), until the user decides or the codes
  /// expire.
  func poll(clock: any AuthClock) async throws -> TokenResponse {
    var poller = DevicePoller(clock: clock, expiresAt: prompt.expiresAt, interval: interval)
    let tokens = tokens
    let deviceCode = deviceCode
    return try await poller.run { try DevicePollAnswer.of(try await tokens.pollDevice(deviceCode)) }
  }
}
