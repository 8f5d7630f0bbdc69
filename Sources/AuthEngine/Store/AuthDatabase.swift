import Foundation
import GRDB

/// The embedded store: SQLite through GRDB, one connection (a `DatabaseQueue`) in WAL mode whose
/// transactions wait up to `busyTimeout` for another process's lock, so the window and a CLI process
/// can use it at once; they run on the queue's own thread (`AuthDatabase+Access`). Holds no secret
/// (see `SecretStore`).
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
  /// The data dir the store is in.
  public let directory: URL
  public static let fileName = "auth.sqlite"
  /// How long a statement waits for another process's lock before failing with `SQLITE_BUSY`: SQLite's
  /// busy timeout, set once on the connection (GRDB's `busyMode`).
  static let busyTimeout: TimeInterval = 10

  /// Opens (creating and migrating) `auth.sqlite` in `directory`, which is made 0700; the database file
  /// is created 0600 before SQLite opens it, and SQLite gives its -wal/-shm files the same mode.
  ///
  /// Synchronous, on the caller's thread. Opening a store that exists waits for no lock (WAL mode: its
  /// reads, `PRAGMA journal_mode` and the migrator's check of what is applied, go on while another
  /// process writes); creating or migrating one takes the write lock and may wait for another
  /// process's transaction: a task opens it through `OffThePool` (`DesktopAuth.open`).
  public init(directory: URL) throws {
    try DataDirectory.prepare(directory)
    self.directory = directory
    let file = directory.appendingPathComponent(Self.fileName)
    try DataDirectory.preparePrivateFile(file)
    var configuration = Configuration()
    configuration.busyMode = .timeout(Self.busyTimeout)
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

  /// `init(directory:)` from a task: off Swift's cooperative pool (`OffThePool`), where a lock to wait for
  /// or a slow disk's sync (seconds, under another program's heavy writing) would hold a thread every
  /// task of the process needs.
  public static func open(directory: URL) async throws -> AuthDatabase {
    try await OffThePool.run { try AuthDatabase(directory: directory) }
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
    SeveralUsersSchema.register(in: &migrator)
    PendingTargetSchema.register(in: &migrator)
    AppGrantsSchema.register(in: &migrator)
    SignedInOrderSchema.register(in: &migrator)
    CredentialRevisionSchema.register(in: &migrator)
    return migrator
  }
}
