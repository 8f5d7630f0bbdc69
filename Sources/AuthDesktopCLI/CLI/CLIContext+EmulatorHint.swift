import AuthDesktopApp
import AuthEngine
import Foundation

extension CLIContext {
  /// Without `--emulator`, who is signed in with the provider emulator: its accounts are kept apart
  /// (`DATA_DIR/emulator`), so "Nobody is signed in" alone would leave them out of sight. Nil in
  /// emulator mode, without that folder, or when nobody is signed in there either.
  func emulatorHint() async -> String? {
    guard launch.emulator == nil,
      FileManager.default.fileExists(atPath: paths.dataDirectory.appendingPathComponent("emulator").path),
      let emulator = try? await AppLaunch.makeAuth(paths, emulator: true),
      let user = try? await emulator.1.currentUser()
    else { return nil }
    return tr(
      "{account} is signed in with the provider emulator: add --emulator to use that account.",
      ["account": user.email ?? user.displayName ?? user.uid])
  }
}
