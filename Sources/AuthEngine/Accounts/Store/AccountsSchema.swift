import GRDB

/// Tables of the account layer. Secrets are never here: provider tokens, session refresh tokens,
/// password hashes and pending credentials live in the `SecretStore`, keyed by the ids below.
enum AccountsSchema {
  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration("v2-accounts") { db in
      try db.create(table: "user") { table in
        table.primaryKey("uid", .text)
        table.column("email", .text).indexed()  // lowercased
        table.column("emailVerified", .boolean).notNull()
        table.column("displayName", .text)
        table.column("photoURL", .text)
        table.column("hasPassword", .boolean).notNull()
        table.column("creationDate", .datetime).notNull()
        table.column("lastSignInDate", .datetime).notNull()
      }
      // One row per linked provider account; (providerID, federatedID) is unique across all users.
      try db.create(table: "identity") { table in
        table.column("providerID", .text).notNull()
        table.column("federatedID", .text).notNull()
        table.column("uid", .text).notNull().indexed().references("user", onDelete: .cascade)
        table.column("email", .text).indexed()
        table.column("displayName", .text)
        table.column("photoURL", .text)
        table.column("linkedAt", .datetime).notNull()
        table.primaryKey(["providerID", "federatedID"])
        table.uniqueKey(["uid", "providerID"])
      }
      try db.create(table: "session") { table in
        table.primaryKey("id", .text)
        table.column("uid", .text).notNull().indexed().references("user", onDelete: .cascade)
        table.column("signInProvider", .text).notNull()
        table.column("authTime", .datetime).notNull()
        table.column("createdAt", .datetime).notNull()
        table.column("endedAt", .datetime)
      }
      try db.create(table: "pendingCredential") { table in
        table.primaryKey("id", .text)
        table.column("email", .text).notNull().indexed()
        table.column("providerID", .text).notNull()
        table.column("federatedID", .text).notNull()
        table.column("createdAt", .datetime).notNull()
        table.column("expiresAt", .datetime).notNull()
      }
      try db.create(table: "loginFailure") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("email", .text).notNull().indexed()
        table.column("at", .datetime).notNull()
      }
    }
    // Secrets in flight: written before the transaction that makes them reachable, or due for deletion
    // after the one that made them unreachable. A row outliving its process marks an interrupted
    // operation; `Auth.recoverInterruptedOperations()` deletes the secret unless something references it.
    migrator.registerMigration("v3-secret-journal") { db in
      try db.create(table: "secretJournal") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("namespace", .text).notNull()
        table.column("secretID", .text).notNull()
        /// What would reference the secret: `identity:<provider>\n<federated id>`, `session:<id>`,
        /// `password:<uid>` or `pending:<id>`.
        table.column("reference", .text).notNull()
        table.column("pid", .integer).notNull()
        table.column("createdAt", .datetime).notNull()
      }
    }

    // (Used until v5: a waiting process polled here for the outcome another process recorded.)
    migrator.registerMigration("v4-authorization-outcomes") { db in
      try db.create(table: "authorizationOutcome") { table in
        table.primaryKey("pendingID", .text)
        table.column("code", .text)  // nil: success
        table.column("message", .text)
        table.column("uid", .text)
        table.column("createdAt", .datetime).notNull()
      }
    }
    // A custom-scheme redirect now goes to the process that waits for it (`receiver`), which completes
    // it itself; nobody polls for outcomes any more.
    migrator.registerMigration("v5-redirect-receivers") { db in
      try db.alter(table: "pendingAuthorization") { table in table.add(column: "receiver", .text) }
      try db.drop(table: "authorizationOutcome")
    }
  }
}
