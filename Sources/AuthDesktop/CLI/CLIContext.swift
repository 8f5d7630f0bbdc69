import AuthEngine
import Foundation
import Logging

/// What a command needs: the configuration, the data dir, the secret store and `Auth` — built only
/// when a command runs (no GTK, no display).
struct CLIContext {
  let paths: ConfigurationPaths
  let launch: EmulatorMode.Launch
  let auth: Auth
  var configuration: AuthConfiguration { launch.configuration }

  init(_ globals: GlobalOptions) async throws {
    paths = globals.paths
    (launch, auth) = try Self.makeAuth(paths, emulator: globals.emulator)
    try await auth.recoverInterruptedOperations()
  }

  /// The configuration (pointed at the provider emulator in emulator mode, see `EmulatorMode`) and an
  /// `Auth` on the data dir and the configured secret store (synchronous, so the window can be set up
  /// before GTK takes the main thread).
  static func makeAuth(_ paths: ConfigurationPaths, emulator: Bool) throws -> (EmulatorMode.Launch, Auth) {
    let launch = try EmulatorMode.launch(paths: paths, flag: emulator)
    let configuration = launch.configuration
    let database = try AuthDatabase(directory: launch.dataDirectory)
    var logger = Logger(label: "auth-desktop")
    logger.logLevel = ProcessInfo.processInfo.environment["AUTH_DESKTOP_DEBUG"] == "1" ? .debug : .warning
    var secrets = configuration.app.secretStore.makeStore(dataDirectory: launch.dataDirectory)
    if launch.emulator != nil { secrets = PartitionedSecretStore(secrets, partition: "emulator") }
    let environment = AuthEnvironment(
      transport: URLSessionTransport(),
      secrets: secrets,
      pending: SQLitePendingAuthorizationStore(database: database), logger: logger)
    return (launch, Auth(configuration: configuration, environment: environment, database: database))
  }

  /// In emulator mode, makes sure the emulator answers before a sign-in starts. `outlivesThisProcess`
  /// (`sign-in --no-wait`): one started here would end with this command, so one must already run.
  func ensureEmulator(outlivesThisProcess: Bool = false) async throws {
    guard let base = launch.emulator else { return }
    if outlivesThisProcess {
      guard try await EmulatorMode.answers(base) else {
        throw AuthError(
          .emulatorUnavailable, origin: .transport,
          detail: "nothing answers at \(base.absoluteString); --no-wait needs a running `auth-desktop emulator`")
      }
      return
    }
    try await EmulatorMode.ensureServing(launch, identitiesDirectory: paths.dataDirectory)
  }

  /// The signed-in user, or `auth/no-current-user`.
  func requireUser() async throws -> User {
    guard let user = try await auth.currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    return user
  }
}
