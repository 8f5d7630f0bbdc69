import AuthDesktopKit
import AuthEngine
import Foundation

/// What a process of the app works with: the configuration (pointed at the provider emulator in
/// emulator mode, see `EmulatorMode`) and its `Auth`.
public enum AppLaunch {
  /// `environment` is the process's, or the one AuthDesktop's own command asked the session-bus service for
  /// (`$AUTH_DESKTOP_EMULATOR_PORT`). The store opens off Swift's cooperative pool (`DesktopAuth.open`).
  public static func makeAuth(
    _ paths: ConfigurationPaths, emulator: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) async throws -> (EmulatorMode.Launch, Auth) {
    let launch = try EmulatorMode.launch(paths: paths, flag: emulator, environment: environment)
    let auth = try await DesktopAuth.open(
      configuration: launch.configuration, dataDirectory: launch.dataDirectory,
      secretPartition: launch.emulator == nil ? nil : "emulator")
    return (launch, auth)
  }
}
