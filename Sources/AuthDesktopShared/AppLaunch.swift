import AuthDesktopKit
import AuthEngine
import Foundation

/// What a process of the app works with: the configuration (pointed at the provider emulator in
/// emulator mode, see `EmulatorMode`) and its `Auth`.
public enum AppLaunch {
  /// Synchronous, so the window can be set up before GTK takes the main thread.
  public static func makeAuth(_ paths: ConfigurationPaths, emulator: Bool) throws -> (EmulatorMode.Launch, Auth) {
    let launch = try EmulatorMode.launch(paths: paths, flag: emulator)
    let auth = try DesktopAuth.make(
      configuration: launch.configuration, dataDirectory: launch.dataDirectory,
      secretPartition: launch.emulator == nil ? nil : "emulator")
    return (launch, auth)
  }
}
