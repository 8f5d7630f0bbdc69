import AuthEngine
import Foundation
import GRDB
import Testing

/// The store's transactions run no statement beyond their own and `BEGIN`/`COMMIT`.
/// `AuthDatabase.read` runs its body in a plain deferred transaction: GRDB's `read` switches
/// `PRAGMA query_only` on and off around it, and each switch expires every prepared statement of the
/// connection, so the store's cached statements were compiled again after every read
/// (docs/benchmarks.md). What that mode enforced, a read that writes nothing, is checked instead.
@Suite struct StoreTransactionTests {
  let database: AuthDatabase

  init() throws {
    database = try AuthDatabase(
      directory: FileManager.default.temporaryDirectory.appendingPathComponent("auth-read-\(UUID().uuidString)"))
  }

  /// The SQL each statement the connection runs during `body` starts with (SQLite's trace).
  func statements(during body: () async throws -> Void) async throws -> [String] {
    let seen = Recorded<String>()
    try await database.queue.writeWithoutTransaction { db in db.trace { seen.record("\($0)") } }
    try await body()
    try await database.queue.writeWithoutTransaction { db in db.trace(nil) }
    return seen.values
  }

  @Test func aReadLeavesTheConnectionsModeAlone() async throws {
    let ran = try await statements {
      _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") }
    }
    #expect(ran.contains { $0.hasPrefix("SELECT COUNT(*) FROM user") }, "the trace saw the read: \(ran)")
    #expect(!ran.contains { $0.localizedCaseInsensitiveContains("query_only") }, "\(ran)")
  }

  /// A transaction's way of meeting another process's lock is the busy timeout set when the store
  /// opened, not a `PRAGMA busy_timeout` before and after it: SQLite compiles a PRAGMA again at every run.
  @Test func aTransactionRunsNoPragma() async throws {
    let ran = try await statements {
      _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") }
      try await database.write { db in try db.execute(sql: "DELETE FROM storeMeta WHERE key = 'none'") }
    }
    #expect(ran.contains { $0.hasPrefix("DELETE FROM storeMeta") }, "the trace saw the write: \(ran)")
    #expect(!ran.contains { $0.uppercased().hasPrefix("PRAGMA") }, "\(ran)")
  }

  @Test func aReadThatWritesFailsAndChangesNothing() async throws {
    await #expect(throws: DatabaseError.self) {
      try await database.read { db in
        try db.execute(sql: "INSERT INTO storeMeta (key, value) VALUES ('read', 'wrote')")
      }
    }
    let rows = try await database.read { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM storeMeta WHERE key = 'read'")
    }
    #expect(rows == 0)
  }

  @Test func aReadRunsInOneTransaction() async throws {
    #expect(try await database.read { db in db.isInsideTransaction })
  }
}
