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
  /// `--account`, `$AUTH_DESKTOP_ACCOUNT` and the working directory (`Auth.chooseUser`).
  let accountRequest: AccountRequest
  var configuration: AuthConfiguration { launch.configuration }

  init(_ globals: GlobalOptions) async throws {
    try await self.init(paths: globals.paths, emulator: globals.emulator, account: globals.accountRequest)
  }

  init(paths: ConfigurationPaths, emulator: Bool, account: AccountRequest = AccountRequest()) async throws {
    self.paths = paths
    accountRequest = account
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

  /// The chosen user (`Auth.chooseUser`: `--account`, `$AUTH_DESKTOP_ACCOUNT`, the directory rules,
  /// the current user), or its error; `auth/no-current-user` comes with `emulatorHint` when it applies.
  func chooseUser() async throws -> AccountChoice {
    do {
      return try await auth.chooseUser(accountRequest)
    } catch let error as AuthError where error.code == .noCurrentUser {
      guard let hint = await emulatorHint() else { throw error }
      throw Output.HintedError(error: error, hint: hint)
    }
  }

  /// The chosen user (`chooseUser`).
  func requireUser() async throws -> User { try await chooseUser().user }
}
