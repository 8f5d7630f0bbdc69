import AuthDesktopKit
import AuthEngine

extension RedirectChoice {
  /// The choice for a sign-in with `providerID` in this process: its display and SSH session from
  /// `environment`, and `registration` (`SchemeRegistration.lookUp` for the configuration's scheme).
  public static func choose(
    providerID: String, configuration: AuthConfiguration, environment: [String: String],
    registration: SchemeRegistration, flag: String? = nil
  ) -> RedirectChoice {
    choose(
      situation(
        providerID: providerID, configuration: configuration, environment: environment,
        registration: registration, flag: flag))
  }

  public static func situation(
    providerID: String, configuration: AuthConfiguration, environment: [String: String],
    registration: SchemeRegistration, flag: String? = nil
  ) -> Situation {
    Situation(
      hasDisplay: DisplayEnvironment.hasDisplay(environment),
      isSSHSession: !(environment["SSH_CONNECTION"] ?? "").isEmpty,
      schemeOpensThisBuild: registration == .thisApp,
      providerHasDeviceGrant: configuration.hasDeviceGrant(providerID),
      configured: configuration.providers[providerID]?.redirect.map { Kind(rawValue: $0.rawValue) ?? .scheme },
      configuredDefault: configuration.providers[providerID]?.redirectMode == .loopback ? .loopback : .scheme,
      flag: flag)
  }
}

extension AuthConfiguration {
  /// Whether `providerID` has an RFC 8628 device authorization endpoint: its row's (github.com) or a
  /// configured one (an OpenID Connect provider's comes from its discovery document, read only when a
  /// sign-in starts, so it does not count here).
  public func hasDeviceGrant(_ providerID: String) -> Bool {
    guard let settings = providers[providerID] else { return false }
    return settings.deviceAuthorizationEndpoint
      ?? providerTable.row(for: providerID, flow: settings.flow)?.deviceAuthorizationEndpoint != nil
  }
}
