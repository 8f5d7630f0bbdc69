import Foundation

extension AuthConfiguration {
  /// Whether `providerID` is configured and may sign in with the device grant (RFC 8628), so a shell
  /// can offer it: an OAuth 2.0 row with a device authorization endpoint (GitHub's by default, or the
  /// configured `device_authorization_endpoint`), or any OpenID Connect row, whose discovery document
  /// decides when the sign-in starts (§4). Never an OAuth 1.0a row (X).
  public func offersDeviceGrant(_ providerID: String) -> Bool {
    guard let provider = try? ResolvedProvider(providerID: providerID, configuration: self) else { return false }
    switch provider.descriptor.flow {
    case .oauth1: return false
    case .oauth2: return provider.descriptor.deviceAuthorizationEndpoint != nil
    case .oidc: return true
    }
  }
}
