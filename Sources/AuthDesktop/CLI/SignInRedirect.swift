import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

/// The redirect of one command-line sign-in: `RedirectChoice.choose` on this process (its display, its
/// SSH session, which program opens the scheme, the provider's device grant, the configuration and the
/// flags), said on stderr with `--verbose`.
enum SignInRedirect {
  static func choose(providerID: String, context: CLIContext, flag: String?, verbose: Bool) -> RedirectChoice {
    let configuration = context.configuration
    let scheme = configuration.app.redirectScheme
    let registration = SchemeRegistration.lookUp(
      scheme: scheme, identity: .authDesktop, executable: SchemeRegistration.thisBuildExecutable)
    let situation = RedirectChoice.situation(
      providerID: providerID, configuration: configuration, environment: ProcessInfo.processInfo.environment,
      registration: registration, flag: flag)
    let choice = RedirectChoice.choose(situation)
    if verbose {
      Output.errorLine(
        "auth-desktop: redirect: "
          + choice.explanation(scheme: scheme, registration: registration, situation: situation))
    }
    return choice
  }
}

extension RedirectChoice {
  /// The engine's redirect for this choice. Placeholder until the device grant (RFC 8628) is wired into
  /// `sign-in`: `.device` runs as a loopback sign-in with the link printed; replace this mapping, and
  /// `printsLink`, with the device flow when it lands.
  var engineMode: RedirectMode { kind == .scheme ? .scheme : .loopback }

  /// The link is printed rather than opened: no display or an SSH session, where a browser started
  /// here would not be the user's.
  var printsLink: Bool { kind == .device || reason == .remoteSessionWithoutDeviceGrant }
}
