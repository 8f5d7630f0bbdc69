import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// What a command needs: the configuration, the data dir, the secret store and `Auth` — built only
/// when a command runs (no GTK, no display).
struct CLIContext {
  let paths: ConfigurationPaths
  let launch: EmulatorMode.Launch
  let auth: Auth
  var configuration: AuthConfiguration { launch.configuration }

  init(_ globals: GlobalOptions) async throws {
    try await self.init(paths: globals.paths, emulator: globals.emulator)
  }

  init(paths: ConfigurationPaths, emulator: Bool) async throws {
    self.paths = paths
    (launch, auth) = try await AppLaunch.makeAuth(paths, emulator: emulator)
    try await auth.recoverInterruptedOperations()
  }

  /// In emulator mode, makes sure the emulator answers before a sign-in starts. `outlivesThisProcess`
  /// (`sign-in --no-wait`): one started here would end with this command, so one must already run.
  func ensureEmulator(outlivesThisProcess: Bool = false) async throws {
    guard let base = launch.emulator else { return }
    if outlivesThisProcess {
      guard try await EmulatorMode.answers(base) else {
        throw AuthError(
          .emulatorUnavailable, origin: .transport,
          payload: .port(PortIssue(port: base.port.flatMap(UInt16.init(exactly:)), problem: .nothingAnswers)),
          detail: "sign-in --no-wait")
      }
      return
    }
    try await EmulatorMode.ensureServing(launch, identitiesDirectory: paths.dataDirectory)
  }

  /// The signed-in user, or `auth/no-current-user` (with `emulatorHint` when it applies).
  func requireUser() async throws -> User {
    guard let user = try await auth.currentUser() else {
      let error = AuthError(.noCurrentUser, origin: .request)
      guard let hint = await emulatorHint() else { throw error }
      throw Output.HintedError(error: error, hint: hint)
    }
    return user
  }
}
