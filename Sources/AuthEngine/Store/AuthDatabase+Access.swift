import GRDB

/// How the engine reaches the store: every transaction runs on the `DatabaseQueue`'s own thread through
/// GRDB's async API, and the caller suspends meanwhile. A transaction that meets another process's
/// lock waits there (SQLite's busy timeout, set once when the store opens), and so does every later
/// transaction of this process, queued behind it on that one serial queue; none of them holds a thread
/// of Swift's cooperative pool, so the rest of the process goes on (`StoreLockTests`). A cancelled task
/// interrupts its transaction, which then rolls back (GRDB's async API).
extension AuthDatabase {
  /// `body` in a read transaction (`readTransaction`).
  public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await queue.writeWithoutTransaction { db in try Self.readTransaction(db, body) }
  }

  /// `body` in a write transaction (committed with `synchronous = NORMAL`).
  public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await queue.writeWithoutTransaction { db in try Self.transaction(db, body) }
  }

  /// `body` in one transaction whose commit is durable when this returns, and with it every earlier
  /// commit: `synchronous = FULL` for this one commit, whose sync of the WAL covers all earlier frames.
  public func writeDurably<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await queue.writeWithoutTransaction { db in try Self.durably(db, body) }
  }

  /// Makes every commit so far durable (`writeDurably` of a one-row write).
  public func sync() async throws {
    try await writeDurably { db in try StoreMeta.touch(db, StoreMeta.lastSync) }
  }

  private static func durably<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    try db.run("PRAGMA synchronous = FULL")
    defer { try? db.run("PRAGMA synchronous = NORMAL") }
    return try transaction(db, body)
  }

  /// `body` in a deferred transaction (one snapshot of the store), not in GRDB's `read`: that one
  /// switches `PRAGMA query_only` on and off around it, and a change of that flag expires every
  /// prepared statement of the connection, so each cached statement was compiled again at its next use
  /// (docs/benchmarks.md). What the flag enforced is checked here: a read that changed a row fails
  /// and is rolled back.
  private static func readTransaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    var value: T?
    let changes = db.totalChangesCount
    try db.inTransaction(.deferred) {
      value = try body(db)
      guard db.totalChangesCount == changes else {
        throw DatabaseError(resultCode: .SQLITE_READONLY, message: "a read transaction changed the store")
      }
      return .commit
    }
    return value!
  }

  /// `body` in a transaction (GRDB's: `BEGIN IMMEDIATE`, so the lock is taken, or waited for, at once).
  private static func transaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    var value: T?
    try db.inTransaction {
      value = try body(db)
      return .commit
    }
    return value!
  }
}
