import AuthEngine
import Foundation

/// The window's model for this launch: the real one on the configured `Auth`, or — when the
/// configuration is broken or missing — one that shows why on the error page.
enum WindowLaunch {
  static func model() -> any WindowModel {
    let paths = ConfigurationPaths(environment: ProcessInfo.processInfo.environment)
    do {
      let (configuration, auth) = try CLIContext.makeAuth(paths)
      let model = AuthWindowModel(
        auth: auth, configuration: configuration, schemeWarning: SchemeRegistration.warning(for: configuration),
        signInTimeout: signInTimeout(ProcessInfo.processInfo.environment))
      Task { @GtkActor in model.refresh() }
      return model
    } catch let error as AuthError {
      return PreviewWindowModel(state: .error(error.message))
    } catch {
      return PreviewWindowModel(state: .error(ErrorMessages.text(for: .internalError)))
    }
  }

  /// `AUTH_DESKTOP_SIGN_IN_TIMEOUT` (seconds, like the CLI's `--timeout`); otherwise the pending sign-in's
  /// lifetime (10 minutes).
  static let signInTimeoutVariable = "AUTH_DESKTOP_SIGN_IN_TIMEOUT"

  static func signInTimeout(_ environment: [String: String]) -> Duration {
    guard let value = environment[signInTimeoutVariable].flatMap(Int.init), value > 0 else { return .seconds(600) }
    return .seconds(value)
  }
}
