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
      hasSessionBus: SessionBusCall.busIsKnown(environment),
      providerHasDeviceGrant: configuration.hasDeviceGrant(providerID),
      configured: configuration.providers[providerID]?.redirect,
      configuredDefault: configuration.providers[providerID]?.redirectMode == .loopback ? .loopback : .scheme,
      flag: flag)
  }
}
