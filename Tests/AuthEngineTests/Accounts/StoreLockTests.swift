import Foundation
import GRDB
import Testing

@testable import AuthEngine

/// Another process's transaction delays a write of the store, it does not fail it: the connection's
/// busy timeout waits for the lock (`AuthDatabase`), on GRDB's thread (`AuthDatabase+Access`).
@Suite struct StoreLockTests {
  /// Holds SQLite's write lock from another connection (another process, to SQLite) on a thread of its
  /// own, until `release()`; records when it lets go.
  final class LockHolder: @unchecked Sendable {
    private let held = DispatchSemaphore(value: 0)
    private let letGo = DispatchSemaphore(value: 0)
    /// "released", and what the test records after it.
    let events = Recorded<String>()

    init(file: URL) throws {
      let other = try DatabaseQueue(path: file.path)
      Thread.detachNewThread { [self] in
        try? other.writeWithoutTransaction { db in
          try db.execute(sql: "BEGIN IMMEDIATE")
          held.signal()
          letGo.wait()
          // The write under test starts once `release()` is called: time for it to find the lock taken.
          Thread.sleep(forTimeInterval: 0.1)
          events.record("released")
          try db.execute(sql: "COMMIT")
        }
      }
      held.wait()
    }

    func release() { letGo.signal() }
  }

  /// Runs `body` on a store in a fresh directory while another connection holds its write lock (it lets
  /// go 0.1 s after `body` starts); what `body` waited for must end after the lock was released.
  static func whileAnotherConnectionHoldsTheLock(_ body: (AuthDatabase) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-lock-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try await AuthDatabase.open(directory: directory)
    let holder = try LockHolder(file: directory.appendingPathComponent(AuthDatabase.fileName))
    holder.release()
    try await body(database)
    holder.events.record("written")
    #expect(holder.events.values == ["released", "written"])
  }

  @Test func aWriteWaitsForAnotherConnectionsTransactionInsteadOfFailing() async throws {
    try await Self.whileAnotherConnectionHoldsTheLock { database in
      try await database.write { db in
        try db.execute(sql: "CREATE TABLE lockProbe (value INTEGER)")
        try db.execute(sql: "INSERT INTO lockProbe VALUES (1)")
      }
      let value = try await database.read { db in try Int.fetchOne(db, sql: "SELECT value FROM lockProbe") }
      #expect(value == 1)
    }
  }

  @Test func aDurableWriteWaitsToo() async throws {
    try await Self.whileAnotherConnectionHoldsTheLock { database in
      let synchronous = try await database.writeDurably { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
      #expect(synchronous == 2, "FULL for the durable commit")
    }
  }
}
