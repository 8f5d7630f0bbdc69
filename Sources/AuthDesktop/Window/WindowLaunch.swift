import AuthEngine
import Foundation

/// The window's model for this launch: the real one on the configured `Auth`, or — when the
/// configuration is broken or missing — one that shows why on the error page.
enum WindowLaunch {
  static func model() -> any WindowModel {
    let paths = ConfigurationPaths(environment: ProcessInfo.processInfo.environment)
    do {
      let (configuration, auth) = try CLIContext.makeAuth(paths)
      let model = AuthWindowModel(auth: auth, configuration: configuration)
      Task { @GtkActor in model.refresh() }
      return model
    } catch let error as AuthError {
      return PreviewWindowModel(state: .error(error.message))
    } catch {
      return PreviewWindowModel(state: .error(ErrorMessages.text(for: .internalError)))
    }
  }
}
