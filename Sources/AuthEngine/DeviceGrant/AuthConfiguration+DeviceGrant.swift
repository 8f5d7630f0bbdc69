import Foundation

extension AuthConfiguration {
  /// Whether `providerID` is configured with a device grant (RFC 8628) known before any request: its
  /// row's device authorization endpoint (GitHub's) or a configured `device_authorization_endpoint`.
  /// `orByDiscovery` also counts every OpenID Connect provider, whose discovery document decides when
  /// the sign-in starts (§4; `auth/operation-not-allowed` without one): for a shell that offers the
  /// grant, not for one that chooses it unasked. Never an OAuth 1.0a row (X).
  public func hasDeviceGrant(_ providerID: String, orByDiscovery: Bool = false) -> Bool {
    guard let provider = try? ResolvedProvider(providerID: providerID, configuration: self),
      provider.descriptor.flow != .oauth1
    else { return false }
    return provider.descriptor.endpoints[.deviceAuthorization] != nil
      || (orByDiscovery && provider.descriptor.flow == .oidc)
  }
}
