import GRDB

/// `v8-several-users`: any number of users signed in at once, one of them current (docs/accounts.md).
///
/// A signed-in user is an active session (`endedAt IS NULL`): at most one per user, in each account
/// mode (`session` for the local store, `firebaseSession` for a Firebase project). The current user is
/// the active session with the highest `currentRank`; signing in or switching gives a session the next
/// rank, so the last one wins, and signing the current user out makes the one current before it
/// current again. An identity keeps the provider's login (`screenName`: GitHub's login, X's handle),
/// which `PROVIDER:LOGIN` names an account by.
///
/// The user signed in before the migration stays the one signed-in user, and current. Like every
/// migration it is one transaction (GRDB's migrator): a process killed during it leaves the store as it
/// was, and the next open runs it again. It moves no secret.
enum SeveralUsersSchema {
  static let name = "v8-several-users"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration(name) { db in try migrate(db) }
  }

  static func migrate(_ db: Database) throws {
    for table in ["session", "firebaseSession"] {
      try db.alter(table: table) { $0.add(column: "currentRank", .integer).notNull().defaults(to: 0) }
      try db.execute(sql: "UPDATE \(table) SET currentRank = 1 WHERE endedAt IS NULL")
      try db.execute(sql: "CREATE UNIQUE INDEX \(table)_signedIn ON \(table) (uid) WHERE endedAt IS NULL")
    }
    try db.alter(table: "identity") { $0.add(column: "screenName", .text) }
    try db.execute(sql: "CREATE INDEX identity_screenName ON identity (providerID, screenName COLLATE NOCASE)")
  }
}
