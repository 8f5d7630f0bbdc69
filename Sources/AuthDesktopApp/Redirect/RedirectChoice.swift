import AuthEngine

/// Which redirect one sign-in uses (`RedirectMode`: the custom scheme, loopback, or the device grant)
/// and why. `choose` is the whole rule.
public struct RedirectChoice: Equatable, Sendable {
  public enum Reason: Equatable, Sendable {
    /// `redirect = "…"` in the provider's table.
    case configured
    /// A command-line flag that implies it (`--device`, `--no-browser`, `--no-wait`).
    case flag(String)
    /// A display, and the desktop opens the scheme with this build.
    case schemeOpensThisBuild
    /// A display, but the scheme opens another program, another copy, or nothing.
    case schemeNotThisBuild
    /// A display and the scheme opens this build, but no session bus, where the desktop's
    /// `auth-desktop URI` finds the waiting process (`RedirectRoutes`).
    case noSessionBus
    /// No display, or an SSH session, and the provider has the device grant.
    case remoteSession
    /// No display, or an SSH session, and the provider has no device grant: the link is printed for a
    /// browser on this machine.
    case remoteSessionWithoutDeviceGrant
  }

  public var mode: RedirectMode
  public var reason: Reason

  public init(_ mode: RedirectMode, _ reason: Reason) {
    self.mode = mode
    self.reason = reason
  }

  /// What the rule looks at.
  public struct Situation: Equatable, Sendable {
    public var hasDisplay: Bool
    /// `SSH_CONNECTION` is set.
    public var isSSHSession: Bool
    /// The desktop's handler of `x-scheme-handler/SCHEME` runs this build's executable.
    public var schemeOpensThisBuild: Bool
    /// A session bus is known (`SessionBusCall.busIsKnown`): the redirect's way from that handler to
    /// the waiting process.
    public var hasSessionBus: Bool
    public var providerHasDeviceGrant: Bool
    /// The provider's `redirect`, when set.
    public var configured: RedirectMode?
    /// What the configuration names without `redirect`: loopback for an `http` `redirect_uri`, otherwise
    /// the custom scheme (`ProviderSettings.redirectMode`).
    public var configuredDefault: RedirectMode
    /// The first flag given that implies a choice, by its name (`--device`, `--no-wait`, `--no-browser`).
    public var flag: String?

    public init(
      hasDisplay: Bool, isSSHSession: Bool, schemeOpensThisBuild: Bool, hasSessionBus: Bool = true,
      providerHasDeviceGrant: Bool, configured: RedirectMode? = nil, configuredDefault: RedirectMode = .scheme,
      flag: String? = nil
    ) {
      self.hasDisplay = hasDisplay
      self.isSSHSession = isSSHSession
      self.schemeOpensThisBuild = schemeOpensThisBuild
      self.hasSessionBus = hasSessionBus
      self.providerHasDeviceGrant = providerHasDeviceGrant
      self.configured = configured
      self.configuredDefault = configuredDefault
      self.flag = flag
    }
  }

  /// A flag first (the command line asks for this sign-in), then the configuration's `redirect`, then
  /// the automatic choice. `--device` is the device grant; `--no-wait` leaves the redirect to
  /// `auth-desktop URI` (the custom scheme); `--no-browser` (the link printed, the user opens it) keeps
  /// what the configuration names.
  public static func choose(_ situation: Situation) -> RedirectChoice {
    switch situation.flag {
    case "--device": return RedirectChoice(.device, .flag("--device"))
    case "--no-wait": return RedirectChoice(.scheme, .flag("--no-wait"))
    case "--no-browser":
      return RedirectChoice(situation.configured ?? situation.configuredDefault, .flag("--no-browser"))
    default: break
    }
    if let configured = situation.configured { return RedirectChoice(configured, .configured) }
    guard situation.hasDisplay, !situation.isSSHSession else {
      return situation.providerHasDeviceGrant
        ? RedirectChoice(.device, .remoteSession) : RedirectChoice(.loopback, .remoteSessionWithoutDeviceGrant)
    }
    guard situation.schemeOpensThisBuild else { return RedirectChoice(.loopback, .schemeNotThisBuild) }
    return situation.hasSessionBus
      ? RedirectChoice(.scheme, .schemeOpensThisBuild) : RedirectChoice(.loopback, .noSessionBus)
  }
}
