import AuthEngine
import Foundation
import Logging

/// Builds an `Auth` the way a Linux desktop app needs it: accounts in `DATA_DIR/auth.sqlite`, secrets in
/// the desktop keyring (or the file store the configuration opts in to), HTTP through URLSession.
public enum DesktopAuth {
  /// `configuration`'s `Auth` on `dataDirectory`. `secretPartition` keeps this `Auth`'s secrets apart
  /// from others on the same keyring (`PartitionedSecretStore`), e.g. an emulator's test accounts.
  public static func make(
    configuration: AuthConfiguration, dataDirectory: URL, secretPartition: String? = nil,
    logger: Logger = DesktopAuth.logger()
  ) throws -> Auth {
    let database = try AuthDatabase(directory: dataDirectory)
    var secrets = configuration.app.secretStore.makeStore(
      dataDirectory: dataDirectory, identity: configuration.app.identity)
    if let secretPartition { secrets = PartitionedSecretStore(secrets, partition: secretPartition) }
    let environment = AuthEnvironment(
      transport: URLSessionTransport(), secrets: secrets, pending: SQLitePendingAuthorizationStore(database: database),
      logger: logger)
    return Auth(configuration: configuration, environment: environment, database: database)
  }

  /// A logger at `warning`, or `debug` with `AUTH_DESKTOP_DEBUG=1`.
  public static func logger(environment: [String: String] = ProcessInfo.processInfo.environment) -> Logger {
    var logger = Logger(label: "auth-desktop")
    logger.logLevel = environment["AUTH_DESKTOP_DEBUG"] == "1" ? .debug : .warning
    return logger
  }
}
