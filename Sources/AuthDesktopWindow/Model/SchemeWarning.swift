import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

extension SchemeRegistration {
  /// This build's registration of the configuration's scheme (reads desktop files: off the GTK thread).
  static func lookUp(for configuration: AuthConfiguration) -> SchemeRegistration {
    lookUp(scheme: configuration.app.redirectScheme, identity: .authDesktop, executable: thisBuildExecutable)
  }

  /// The window's warning: nil unless a provider is set to the custom scheme (`redirect = "scheme"`)
  /// and the scheme does not open this build. A provider without `redirect` then uses the loopback
  /// redirect (`RedirectChoice`), which needs no registration.
  func warning(for configuration: AuthConfiguration) -> String? {
    let scheme = configuration.app.redirectScheme
    guard configuration.providers.values.contains(where: { $0.redirect == .scheme }) else { return nil }
    switch self {
    case .thisApp: return nil
    case .anotherCopy(let path): return WindowText.schemeOpensElsewhere(scheme: scheme, application: path)
    case .otherApplication(let name): return WindowText.schemeOpensElsewhere(scheme: scheme, application: name)
    case .none: return WindowText.schemeUnregistered(scheme: scheme)
    }
  }
}
