import Foundation
import GRDB

/// The embedded store: SQLite through GRDB, one connection (a `DatabaseQueue`) in WAL mode with a busy
/// handler that waits for another process's lock (`LockWaiting`), so the window and a CLI process can
/// use it at once. Holds no secret (see `SecretStore`).
///
/// Durability (docs/threat-model.md, "After a power cut"): commits run with `synchronous = NORMAL`: a
/// commit is on disk at the next sync of the WAL, so a power cut may roll back the last commits, never
/// tear one. `writeDurably` and `sync()` are for the moments an operation must not run ahead of the
/// disk: before writing a secret (its journal row must survive) and before deleting one (the commit
/// that made it unreachable must survive); see `withSecrets`.
///
/// A process that only reads (`status`, `token`) writes nothing: WAL mode is set by `setUp`, not by
/// GRDB's `journalMode = .wal` or `DatabasePool`, which commit a transaction at every open that finds no
/// WAL (one sync of a new WAL, then a check-point with two more syncs when the process exits).
public final class AuthDatabase: Sendable {
  public let queue: DatabaseQueue
  public static let fileName = "auth.sqlite"
  /// Whether a transaction that meets another process's lock waits for it (`AuthDatabase+Access`).
  let lockWaiting = LockWaiting()

  /// Opens (creating and migrating) `auth.sqlite` in `directory`, which is made 0700; the database file
  /// is created 0600 before SQLite opens it, and SQLite gives its -wal/-shm files the same mode.
  public init(directory: URL) throws {
    try DataDirectory.prepare(directory)
    let file = directory.appendingPathComponent(Self.fileName)
    try DataDirectory.preparePrivateFile(file)
    var configuration = Configuration()
    let lockWaiting = self.lockWaiting
    configuration.busyMode = .callback { tries in lockWaiting.retry(after: tries) }
    configuration.label = "auth-desktop"
    configuration.prepareDatabase { db in try Self.setUp(db) }
    do {
      queue = try DatabaseQueue(path: file.path, configuration: configuration)
      try Self.migrator.migrate(queue)
    } catch {
      throw AuthError(
        .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: file.path, problem: .cannotOpen)))
    }
  }

  /// Each connection: WAL (kept in the database file, so a no-op after the first time) and `NORMAL`.
  private static func setUp(_ db: Database) throws {
    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
      throw DatabaseError(resultCode: .SQLITE_ERROR, message: "WAL mode is not available")
    }
    try db.execute(sql: "PRAGMA synchronous = NORMAL")
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
    StoreMeta.register(in: &migrator)
    return migrator
  }
}
