import Foundation
import GRDB

/// The embedded store: SQLite through GRDB, in WAL mode (a `DatabasePool`), with a busy timeout so the
/// window and a CLI process can use it at once. Holds no secret (see `SecretStore`).
public final class AuthDatabase: Sendable {
  public let pool: DatabasePool
  public static let fileName = "auth.sqlite"

  /// Opens (creating and migrating) `auth.sqlite` in `directory`, which is made 0700; the database file
  /// is created 0600 before SQLite opens it, and SQLite gives its -wal/-shm files the same mode.
  public init(directory: URL) throws {
    try DataDirectory.prepare(directory)
    let file = directory.appendingPathComponent(Self.fileName)
    try DataDirectory.preparePrivateFile(file)
    var configuration = Configuration()
    configuration.busyMode = .timeout(10)
    configuration.label = "auth-desktop"
    do {
      pool = try DatabasePool(path: file.path, configuration: configuration)
      try Self.migrator.migrate(pool)
    } catch {
      throw AuthError(
        .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: file.path, problem: .cannotOpen)))
    }
  }

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1-pending-authorizations") { db in
      try db.create(table: "pendingAuthorization") { table in
        table.primaryKey("id", .text)
        table.column("providerID", .text).notNull()
        table.column("flow", .text).notNull()
        table.column("intent", .text).notNull()
        table.column("redirectURI", .text).notNull()
        table.column("issuer", .text)
        table.column("issuerParameterRequired", .boolean).notNull()
        table.column("scopes", .text).notNull()
        table.column("createdAt", .datetime).notNull()
        table.column("expiresAt", .datetime).notNull().indexed()
      }
    }
    AccountsSchema.register(in: &migrator)
    return migrator
  }
}
