import Foundation
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
        /// What would reference the secret: `credential:<uid>\n<provider>` (`identity:…` before v6),
        /// `session:<id>`, `firebase-session:<id>`,
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
    // One shape in both account modes (docs/firebase.md): provider
    // credentials keyed by the account's uid, and an OIDC identity's raw id is `sub` (was `iss|sub`).
    migrator.registerMigration("v6-one-shape") { db in
      try db.create(table: "providerCredential") { table in
        table.column("uid", .text).notNull()
        table.column("providerID", .text).notNull()
        table.column("savedAt", .datetime).notNull()
        table.primaryKey(["uid", "providerID"])
      }
      try db.create(table: "credentialMove") { table in
        table.primaryKey("fromID", .text)
        table.column("toID", .text).notNull()
      }
      for row in try Row.fetchAll(db, sql: "SELECT providerID, federatedID, uid, linkedAt FROM identity") {
        let (provider, federated, uid): (String, String, String) = (row[0], row[1], row[2])
        try db.execute(
          sql: "INSERT INTO credentialMove (fromID, toID) VALUES (?, ?)",
          arguments: [
            CredentialVault.key(providerID: provider, uid: federated).id,
            CredentialVault.key(providerID: provider, uid: uid).id,
          ])
        // The table as this migration made it (later ones add columns).
        try db.execute(
          sql: "INSERT OR REPLACE INTO providerCredential (uid, providerID, savedAt) VALUES (?, ?, ?)",
          arguments: [uid, provider, row[3]])
      }
      for table in ["identity", "pendingCredential"] {
        try db.execute(
          sql: """
            UPDATE \(table) SET federatedID = substr(federatedID, instr(federatedID, '|') + 1)
            WHERE providerID LIKE 'oidc.%' AND instr(federatedID, '|') > 0
            """)
      }
    }
    // The Identity Toolkit backend's session: at most one active; its refresh and ID tokens are in the
    // secret store under `firebase-session/<id>`, the account as last looked up in `account` (JSON).
    migrator.registerMigration("v7-firebase-session") { db in
      try db.create(table: "firebaseSession") { table in
        table.primaryKey("id", .text)
        table.column("uid", .text).notNull().indexed()
        table.column("signInProvider", .text).notNull()
        table.column("account", .text).notNull()
        table.column("createdAt", .datetime).notNull()
        table.column("endedAt", .datetime)
      }
    }
  }
}
