import AuthEngine
import Foundation
import GRDB
import Testing

/// Commits are not synced one by one (`synchronous = NORMAL`, docs/threat-model.md): a power cut may
/// roll back the last operation, never tear it or strand a secret. These tests show the order that
/// rests on — a secret is written only after its journal row is synced, and deleted only after the
/// commit that made it unreachable is synced — and that a process that only reads writes nothing.
@Suite struct DurabilityTests {
  /// Every secret-store call and fault point of an `Auth`, in order.
  typealias Events = Recorded<String>

  /// Records each delete with the number of `AuthDatabase.sync()` calls committed before it.
  struct RecordingStore: SecretStore {
    let base = InMemorySecretStore()
    let events: Events
    let directory: URL
    func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws {
      events.record("store \(key.namespace)")
      try await base.store(secret, for: key, label: label)
    }
    func load(_ key: SecretKey) async throws -> StoredSecret? { try await base.load(key) }
    func delete(_ key: SecretKey) async throws {
      let queue = try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path)
      let syncs = try await queue.read { db in
        try String.fetchOne(db, sql: "SELECT value FROM storeMeta WHERE key = 'lastSync'") ?? "0"
      }
      events.record("delete \(key.namespace) after sync \(syncs)")
      try await base.delete(key)
    }
    func ids(in namespace: String) async throws -> [String] { try await base.ids(in: namespace) }
    /// Records the journal rows still there when the deletions are made durable (they must be).
    func syncDeletions(in namespaces: Set<String>) async throws {
      let queue = try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path)
      let rows = try await queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM secretJournal") ?? 0 }
      events.record("sync deletions \(namespaces.sorted()) with \(rows) journal rows")
    }
  }

  static func directory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("auth-durability-\(UUID().uuidString)")
  }

  @Test func commitsAreNormalAndWriteDurablyIsFull() async throws {
    let database = try await AuthDatabase.open(directory: Self.directory())
    let normal = try await database.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let during = try await database.writeDurably { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let after = try await database.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    let mode = try await database.queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
    #expect(mode == "wal")
    #expect(normal == 1, "NORMAL")
    #expect(during == 2, "FULL for the durable commit")
    #expect(after == 1, "back to NORMAL")
  }

  @Test func secretsWaitForSyncedCommits() async throws {
    let events = Events()
    let directory = Self.directory()
    let database = try await AuthDatabase.open(directory: directory)
    var environment = AuthEnvironment(
      transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 503) },
      secrets: RecordingStore(events: events, directory: directory),
      pending: SQLitePendingAuthorizationStore(database: database))
    environment.faultInjection = { events.record($0) }
    let auth = Auth(configuration: AuthConfiguration(identity: .tests), environment: environment, database: database)
    _ = try await auth.signIn(with: AccountHarness.result("github.com", "1"))
    #expect(events.values == ["journaled", "store credential", "store session", "secrets-written", "committed"])
    let before = events.values.count
    _ = try await auth.signIn(with: AccountHarness.result("github.com", "1"))  // replaces the first session
    #expect(
      Array(events.values[before...]) == [
        "journaled", "store credential", "store session", "secrets-written", "committed", "synced",
        "delete session after sync 1", "sync deletions [\"session\"] with 1 journal rows",
      ])
    let journal = try await database.queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM secretJournal")
    }
    #expect(journal == 0, "the journal row is cleared once the deletion is durable")
  }

  /// `status` and `token` open the store, read and exit: the database keeps its size and modification
  /// time and no WAL is left (nothing committed at open, so nothing to check-point at exit).
  @Test func aProcessThatOnlyReadsWritesNothing() async throws {
    let directory = Self.directory()
    do {
      let auth = try AccountHarness(directory: directory).auth
      _ = try await auth.signIn(with: AccountHarness.result("github.com", "1"))
    }
    let files = ["", "-wal"].map { directory.appendingPathComponent(AuthDatabase.fileName + $0).path }
    func stamps() -> [String] {
      files.map { path in
        var info = stat()
        guard stat(path, &info) == 0 else { return "\(path): missing" }
        return "\(path): \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
      }
    }
    let before = stamps()
    do {
      let auth = try AccountHarness(directory: directory).auth
      #expect(try await auth.currentUser() != nil)
      try await auth.recoverInterruptedOperations()
    }
    let after = stamps()
    #expect(after == before, "before: \(before), after: \(after)")
    #expect(after.last?.hasSuffix("missing") == true, "no WAL left behind")
  }
}
