import AuthDesktopApp
import AuthDesktopKit
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
  /// The redirect of a browser sign-in of this choice: a device-grant choice that still goes through
  /// the browser (`--no-wait`) uses the custom scheme.
  var browserMode: RedirectMode { mode == .device ? .scheme : mode }

  /// The link is printed rather than opened: no display or an SSH session, where a browser started
  /// here would not be the user's.
  var printsLink: Bool { reason == .remoteSessionWithoutDeviceGrant }
}
