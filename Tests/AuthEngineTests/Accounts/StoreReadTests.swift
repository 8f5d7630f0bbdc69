import AuthEngine
import Foundation
import GRDB
import Testing

/// `AuthDatabase.read` runs its body in a plain deferred transaction: GRDB's `read` switches
/// `PRAGMA query_only` on and off around it, and each switch expires every prepared statement of the
/// connection, so the store's cached statements were compiled again after every read
/// (docs/benchmarks.md). What that mode enforced, a read that writes nothing, is checked instead.
@Suite struct StoreReadTests {
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
