import AuthDesktopKit
import AuthEngine

extension RedirectChoice {
  /// "loopback: SCHEME: links open another copy …": what `doctor` and `sign-in --verbose` print. The
  /// redirect's name (`loopback`, `scheme`, `device`, the configuration's values) stays as it is.
  public func explanation(scheme: String, registration: SchemeRegistration, situation: Situation) -> String {
    "\(mode.rawValue): \(because(scheme: scheme, registration: registration, situation: situation))"
  }

  func because(scheme: String, registration: SchemeRegistration, situation: Situation) -> String {
    switch reason {
    case .configured: return tr("redirect = \"{mode}\" in the configuration", ["mode": mode.rawValue])
    case .flag(let flag): return tr("{flag} was given", ["flag": flag])
    case .schemeOpensThisBuild:
      return tr("the desktop opens {scheme}: links with this auth-desktop", ["scheme": scheme])
    case .schemeNotThisBuild:
      switch registration {
      // Not chosen so by `situation`: the scheme opening this build is `.schemeOpensThisBuild`.
      case .thisApp: return tr("the desktop opens {scheme}: links with this auth-desktop", ["scheme": scheme])
      case .anotherCopy(let path):
        return tr(
          "the desktop opens {scheme}: links with another copy of auth-desktop ({path}), not this auth-desktop",
          ["scheme": scheme, "path": path])
      case .otherApplication(let name):
        return tr(
          "the desktop opens {scheme}: links with “{application}”, not this auth-desktop",
          ["scheme": scheme, "application": name])
      case .none:
        return tr("no program opens {scheme}: links (auth-desktop install registers this one)", ["scheme": scheme])
      }
    case .noSessionBus:
      return tr(
        "no session bus (DBUS_SESSION_BUS_ADDRESS): the program the desktop starts for a {scheme}: link could not find this one",
        ["scheme": scheme])
    case .remoteSession:
      return situation.hasDisplay
        ? tr("this is an SSH session, and the provider has the device grant")
        : tr("there is no display, and the provider has the device grant")
    case .remoteSessionWithoutDeviceGrant:
      return situation.hasDisplay
        ? tr(
          "this is an SSH session, and the provider has no device grant: open the link in a browser on this machine")
        : tr("there is no display, and the provider has no device grant: open the link in a browser on this machine")
    }
  }
}
