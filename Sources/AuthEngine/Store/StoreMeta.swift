import Foundation
import GRDB

/// Facts about the store itself, one row per key. `lastSync` is written by `AuthDatabase.sync()`: a
/// commit needs a page to write for its sync of the WAL to happen.
enum StoreMeta {
  static let lastSync = "lastSync"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v6-store-meta") { db in
      try db.create(table: "storeMeta") { table in
        table.primaryKey("key", .text)
        table.column("value", .text).notNull()
      }
    }
  }

  /// Writes `key` with a new value (a counter), so the commit has a page to sync.
  static func touch(_ db: Database, _ key: String) throws {
    try db.execute(
      sql: """
        INSERT INTO storeMeta (key, value) VALUES (?, '1')
        ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1
        """,
      arguments: [key])
  }
}
