import GRDB

/// `v11-signed-in-order`: the indexes that let the signed-in users be listed and the current one found
/// without sorting or scanning the sessions (docs/benchmarks.md, "Listing 1,000 signed-in users"):
/// the active sessions in sign-in order (`createdAt`, then the row id every index holds), the active
/// sessions by `currentRank`, and each user's identities in the order they were linked, which replaces
/// the index on `identity.uid` alone (its first column is the same). `LocalAccounts.signedInAccounts`
/// and `Accounts.currentSession` read through them (`SignedInOrderTests` checks SQLite's plans). Like
/// every migration it is one transaction: a process killed during it leaves the store as it was.
enum SignedInOrderSchema {
  static let name = "v11-signed-in-order"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration(name) { db in try migrate(db) }
  }

  static func migrate(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE INDEX session_signedIn_order ON session (createdAt) WHERE endedAt IS NULL;
        CREATE INDEX session_current ON session (currentRank) WHERE endedAt IS NULL;
        CREATE INDEX identity_on_uid_linkedAt ON identity (uid, linkedAt);
        DROP INDEX identity_on_uid;
        """)
  }
}
