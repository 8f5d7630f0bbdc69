import GRDB

/// How the engine reaches the store: on the calling thread, unless SQLite would make it wait.
///
/// A transaction here takes 0.05–0.3 ms. GRDB's async API runs it on the queue's own thread and resumes
/// the caller from there: two thread wake-ups per transaction, which cost a sign-in more than its
/// transactions do (docs/benchmarks.md). So each call first runs synchronously on the caller's thread
/// without waiting for a lock (`LockWaiting`): it either gets its lock at once or fails with
/// `SQLITE_BUSY`, having changed nothing (the transaction rolls back), and only then goes through GRDB's
/// async API, which waits for the other process's transaction up to 10 seconds without holding a thread
/// of the caller's. (A call made while another of this process's transactions runs or waits there queues
/// behind it on GRDB's serial queue, as every call did before, but now on the caller's thread.) The file
/// secret store's writes, `fsync` included, run on the caller's thread in the same way.
extension AuthDatabase {
  /// `body` in a read transaction (`readTransaction`).
  public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await firstOnTheCallersThread { db in try Self.readTransaction(db, body) }
  }

  /// `body` in a write transaction (committed with `synchronous = NORMAL`).
  public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await firstOnTheCallersThread { db in try Self.transaction(db, body) }
  }

  /// `body` in one transaction whose commit is durable when this returns, and with it every earlier
  /// commit: `synchronous = FULL` for this one commit, whose sync of the WAL covers all earlier frames.
  public func writeDurably<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await firstOnTheCallersThread { db in try Self.durably(db, body) }
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

  /// `body` in a transaction (GRDB's: `BEGIN IMMEDIATE`, so the lock is taken, or refused, at once).
  private static func transaction<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    var value: T?
    try db.inTransaction {
      value = try body(db)
      return .commit
    }
    return value!
  }

  /// `run` on the caller's thread without waiting for a lock; when another process holds it
  /// (`SQLITE_BUSY`, nothing changed), again through GRDB's async API, which waits.
  private func firstOnTheCallersThread<T: Sendable>(_ run: @Sendable @escaping (Database) throws -> T)
    async throws -> T
  {
    if let value = try unlessBusy({
      try queue.writeWithoutTransaction { db in try lockWaiting.withoutWaiting { try run(db) } }
    }) {
      return value
    }
    return try await queue.writeWithoutTransaction(run)
  }

  /// What `operation` returns, or nil when SQLite refused a lock (`SQLITE_BUSY`). Synchronous, so
  /// that GRDB's synchronous API is the one called.
  private func unlessBusy<T>(_ operation: () throws -> T) throws -> T? {
    do {
      return try operation()
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
      return nil
    }
  }
}
