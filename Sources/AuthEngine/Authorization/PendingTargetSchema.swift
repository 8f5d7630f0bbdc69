import GRDB

/// `v9-pending-target-account`: a pending link or reauthentication remembers the signed-in account it
/// is for (`PendingAuthorizationRecord.account`, a uid; not a secret), so that whichever process
/// completes its redirect (`auth-desktop URI` after `sign-in --no-wait`, the window) applies it to that
/// account, current or not. A request stored before it has none and applies to the current user, as it
/// did. Like every migration it is one transaction: a process killed during it leaves the store as it
/// was, and the next open runs it again. Registered before `v10-app-grants`; a store that already has
/// that one gets this one next (GRDB applies every registered migration a store lacks, in order).
enum PendingTargetSchema {
  static let name = "v9-pending-target-account"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration(name) { db in try migrate(db) }
  }

  static func migrate(_ db: Database) throws {
    try db.alter(table: "pendingAuthorization") { $0.add(column: "account", .text) }
  }
}
