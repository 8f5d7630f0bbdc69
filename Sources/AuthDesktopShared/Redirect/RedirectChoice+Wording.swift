import AuthDesktopKit
import AuthEngine

extension RedirectChoice {
  /// "loopback: SCHEME: links open another copy …": what `doctor` and `sign-in --verbose` print.
  public func explanation(scheme: String, registration: SchemeRegistration, situation: Situation) -> String {
    "\(kind.rawValue): \(because(scheme: scheme, registration: registration, situation: situation))"
  }

  func because(scheme: String, registration: SchemeRegistration, situation: Situation) -> String {
    let remote = situation.hasDisplay ? "this is an SSH session" : "there is no display"
    switch reason {
    case .configured: return "redirect = \"\(kind.rawValue)\" in the configuration"
    case .flag(let flag): return "\(flag) was given"
    case .schemeOpensThisBuild: return "the desktop opens \(scheme): links with this auth-desktop"
    case .schemeNotThisBuild:
      let handler: String
      switch registration {
      case .thisApp: handler = "this auth-desktop"
      case .anotherCopy(let path): handler = "another copy of auth-desktop (\(path))"
      case .otherApplication(let name): handler = "“\(name)”"
      case .none: return "no program opens \(scheme): links (auth-desktop install registers this one)"
      }
      return "the desktop opens \(scheme): links with \(handler), not this auth-desktop"
    case .remoteSession: return "\(remote), and the provider has the device grant"
    case .remoteSessionWithoutDeviceGrant:
      return "\(remote), and the provider has no device grant: open the link in a browser on this machine"
    }
  }
}
