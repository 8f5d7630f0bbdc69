import AuthDesktopKit
import AuthEngine
import Foundation

/// What a process of the app works with: the configuration (pointed at the provider emulator in
/// emulator mode, see `EmulatorMode`) and its `Auth`.
public enum AppLaunch {
  /// Synchronous, so the window can be set up before GTK takes the main thread. `environment` is the
  /// process's, or the one a token agent was asked for (`$AUTH_DESKTOP_EMULATOR_PORT`).
  public static func makeAuth(
    _ paths: ConfigurationPaths, emulator: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> (EmulatorMode.Launch, Auth) {
    let launch = try EmulatorMode.launch(paths: paths, flag: emulator, environment: environment)
    let auth = try DesktopAuth.make(
      configuration: launch.configuration, dataDirectory: launch.dataDirectory,
      secretPartition: launch.emulator == nil ? nil : "emulator")
    return (launch, auth)
  }
}
