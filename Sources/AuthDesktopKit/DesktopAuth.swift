import AuthEngine
import Foundation
import Logging

/// Builds an `Auth` the way a Linux desktop app needs it: accounts in `DATA_DIR/auth.sqlite`, secrets in
/// the desktop keyring (or the file store the configuration opts in to), HTTP through libsoup
/// (`SoupHTTPTransport`). With a `[firebase]` table the accounts are the project's, and this machine keeps
/// the session in `DATA_DIR/firebase-PROJECT` (its own keyring partition too), apart from the local store's.
public enum DesktopAuth {
  /// `configuration`'s `Auth` on `dataDirectory`. `secretPartition` keeps this `Auth`'s secrets apart
  /// from others on the same keyring (`PartitionedSecretStore`), e.g. an emulator's test accounts.
  public static func make(
    configuration: AuthConfiguration, dataDirectory: URL, secretPartition: String? = nil,
    logger: Logger = DesktopAuth.logger()
  ) throws -> Auth {
    var partitions = [secretPartition].compactMap { $0 }
    if let firebase = configuration.firebase {
      try DataDirectory.prepare(dataDirectory)
      partitions.append(firebase.storageName)
    }
    let dataDirectory = storeDirectory(configuration: configuration, dataDirectory: dataDirectory)
    let database = try AuthDatabase(directory: dataDirectory)
    var secrets = configuration.app.secretStore.makeStore(
      dataDirectory: dataDirectory, identity: configuration.app.identity)
    for partition in partitions { secrets = PartitionedSecretStore(secrets, partition: partition) }
    let environment = AuthEnvironment(
      transport: SoupHTTPTransport(), secrets: secrets, pending: SQLitePendingAuthorizationStore(database: database),
      logger: logger)
    return Auth(configuration: configuration, environment: environment, database: database)
  }

  /// `make` from a task: run on a thread of its own (`OffThePool`), so that a store being created or
  /// migrated by another process holds no thread of Swift's cooperative pool while it waits
  /// (`AuthDatabase.init`).
  public static func open(
    configuration: AuthConfiguration, dataDirectory: URL, secretPartition: String? = nil,
    logger: Logger = DesktopAuth.logger()
  ) async throws -> Auth {
    try await OffThePool.run {
      try make(
        configuration: configuration, dataDirectory: dataDirectory, secretPartition: secretPartition, logger: logger)
    }
  }

  /// The folder of the store (`AuthDatabase.fileName`) that `make` opens: `dataDirectory`, or with a
  /// `[firebase]` table its `firebase-PROJECT` folder.
  public static func storeDirectory(configuration: AuthConfiguration, dataDirectory: URL) -> URL {
    configuration.firebase.map { dataDirectory.appendingPathComponent($0.storageName) } ?? dataDirectory
  }

  /// A logger at `warning`, or `debug` with `AUTH_DESKTOP_DEBUG=1`.
  public static func logger(environment: [String: String] = ProcessInfo.processInfo.environment) -> Logger {
    var logger = Logger(label: "auth-desktop")
    logger.logLevel = environment["AUTH_DESKTOP_DEBUG"] == "1" ? .debug : .warning
    return logger
  }
}
