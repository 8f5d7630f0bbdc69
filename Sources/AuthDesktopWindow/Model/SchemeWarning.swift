import AuthDesktopKit
import AuthDesktopShared
import AuthEngine

extension SchemeRegistration {
  /// The window's warning for `configuration`: nil when every provider uses the loopback redirect or
  /// the scheme opens this app.
  static func warning(for configuration: AuthConfiguration) -> String? {
    let scheme = configuration.app.redirectScheme
    guard configuration.providers.values.contains(where: { $0.redirectMode == .scheme }) else { return nil }
    switch lookUp(scheme: scheme, identity: .authDesktop) {
    case .thisApp: return nil
    case .otherApplication(let name): return WindowText.schemeOpensElsewhere(scheme: scheme, application: name)
    case .none: return WindowText.schemeUnregistered(scheme: scheme)
    }
  }
}
