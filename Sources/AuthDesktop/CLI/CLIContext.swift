import AuthEngine
import Foundation
import Logging

/// What a command needs: the configuration, the data dir, the secret store and `Auth` — built only
/// when a command runs (no GTK, no display).
struct CLIContext {
  let paths: ConfigurationPaths
  let configuration: AuthConfiguration
  let auth: Auth

  init(_ globals: GlobalOptions) async throws {
    paths = globals.paths
    (configuration, auth) = try Self.makeAuth(paths)
    try await auth.recoverInterruptedOperations()
  }

  /// The configuration and an `Auth` on the data dir and the configured secret store (synchronous, so
  /// the window can be set up before GTK takes the main thread).
  static func makeAuth(_ paths: ConfigurationPaths) throws -> (AuthConfiguration, Auth) {
    guard let configuration = try ConfigurationLoader.load(paths) else {
      throw AuthError(
        .invalidConfiguration, origin: .configuration,
        detail: "no configuration at \(paths.configFile.path); create it (see the README) or pass --config")
    }
    let database = try AuthDatabase(directory: paths.dataDirectory)
    var logger = Logger(label: "auth-desktop")
    logger.logLevel = ProcessInfo.processInfo.environment["AUTH_DESKTOP_DEBUG"] == "1" ? .debug : .warning
    let environment = AuthEnvironment(
      transport: URLSessionTransport(),
      secrets: configuration.app.secretStore.makeStore(dataDirectory: paths.dataDirectory),
      pending: SQLitePendingAuthorizationStore(database: database), logger: logger)
    return (configuration, Auth(configuration: configuration, environment: environment, database: database))
  }

  /// The signed-in user, or `auth/no-current-user`.
  func requireUser() async throws -> User {
    guard let user = try await auth.currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    return user
  }
}
