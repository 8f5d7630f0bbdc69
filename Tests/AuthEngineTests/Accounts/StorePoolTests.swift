import Foundation
import GRDB
import TestSupport
import Testing

@testable import AuthEngine

/// Store calls that wait for another process's lock hold no thread of Swift's cooperative pool
/// (`AuthDatabase+Access`): more of them than there are cores wait while python3's sqlite3 holds
/// `BEGIN EXCLUSIVE`, unrelated async work still runs to its end meanwhile, and once the lock is let
/// go every call succeeds.
@Suite struct StorePoolTests {
  /// python3's sqlite3 (another process, SQLite's own client) holding the store's write lock until
  /// `release()`.
  final class ProcessLock: @unchecked Sendable {
    static let script = """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("BEGIN EXCLUSIVE")
      print("locked", flush=True)
      sys.stdin.readline()
      connection.execute("COMMIT")
      print("released", flush=True)
      """
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    /// Returns once the process holds the lock.
    init(file: URL) async throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      process.arguments = ["-c", Self.script, file.path]
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      let output = self.output
      let line = try await offThePool { output.fileHandleForReading.readFirstLine() }
      guard String(decoding: line, as: UTF8.self) == "locked\n" else {
        throw TestSetupError("python3 did not take the lock: \(String(decoding: line, as: UTF8.self))")
      }
    }

    /// Lets the lock go; returns once the process has committed and ended.
    func release() async throws {
      input.fileHandleForWriting.write(Data("go\n".utf8))
      let (process, output) = (self.process, self.output)
      let rest = try await offThePool {
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return rest
      }
      #expect(String(decoding: rest, as: UTF8.self) == "released\n")
      #expect(process.terminationStatus == 0)
    }
  }

  @Test func callsWaitingForAnotherProcesssLockLeaveThePoolFree() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-pool-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try await AuthDatabase.open(directory: directory)
    try await database.write { db in try db.execute(sql: "CREATE TABLE poolProbe (value INTEGER)") }
    let began = Recorded<String>()
    try await database.queue.writeWithoutTransaction { db in
      db.trace { if "\($0)".hasPrefix("BEGIN") { began.record("\($0)") } }
    }
    let lock = try await ProcessLock(file: directory.appendingPathComponent(AuthDatabase.fileName))
    // An existing store opens while another process holds its write lock (WAL: nothing to wait for).
    _ = try await AuthDatabase.open(directory: directory)

    let calls = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
    let events = Recorded<String>()
    let started = Recorded<Int>()
    let writes = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for value in 0..<calls {
          group.addTask {
            started.record(value)
            try await database.write { db in try db.execute(sql: "INSERT INTO poolProbe VALUES (?)", arguments: [value])
            }
            events.record("written")
          }
        }
        try await group.waitForAll()
      }
    }
    // Every call made, and the first one inside SQLite, at the lock.
    try await Poll.until("every store call to start") { started.values.count == calls && !began.values.isEmpty }
    // Unrelated async work runs to its end while they all wait.
    let unrelated = await Task.detached {
      await Task.yield()
      return "unrelated work done"
    }.value
    events.record(unrelated)
    events.record("releasing")
    try await lock.release()
    try await writes.value

    #expect(events.values.prefix(2) == ["unrelated work done", "releasing"], "\(events.values)")
    #expect(events.values.filter { $0 == "written" }.count == calls)
    let rows = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM poolProbe") }
    #expect(rows == calls)
  }
}
