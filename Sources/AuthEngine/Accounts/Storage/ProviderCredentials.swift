import Foundation
import GRDB

/// The provider credentials kept on this machine, keyed by the account's uid (the one Firebase
/// assigns, or the local store's): one row per (uid, provider) in `providerCredential`, its tokens in
/// the `SecretStore` under `CredentialVault.key(providerID:uid:)`. Both account backends write them the
/// same way, so `auth-desktop token PROVIDER` reads them the same way.
enum ProviderCredentials {
  /// Inside a write transaction: records that `uid`'s credential for `providerID` is stored, under a
  /// new revision (`CredentialRevisionSchema`).
  static func record(_ db: Database, uid: String, providerID: String, at now: Date) throws {
    try db.run(
      "INSERT OR REPLACE INTO providerCredential (uid, providerID, savedAt, revision) VALUES (?, ?, ?, random())",
      [uid, providerID, now])
  }

  /// Gives the credential's row a new revision: its secret was just written outside a journaled
  /// operation (a refresh, git's refused mark). Nothing happens when no row names it.
  static func changed(_ db: Database, uid: String, providerID: String) throws {
    try db.run("UPDATE providerCredential SET revision = random() WHERE uid = ? AND providerID = ?", [uid, providerID])
  }

  /// The revision of `uid`'s credential for `providerID`; nil when none is kept.
  static func revision(_ db: Database, uid: String, providerID: String) throws -> Int64? {
    try Int64.fetchOne(
      try db.cachedStatement(sql: "SELECT revision FROM providerCredential WHERE uid = ? AND providerID = ?"),
      arguments: [uid, providerID])
  }

  /// Inside a write transaction: forgets `uid`'s credential for `providerID`; returns its secret (to
  /// delete after the commit), or nothing when none was kept.
  static func forget(_ db: Database, uid: String, providerID: String) throws -> [JournaledSecret] {
    try db.execute(
      sql: "DELETE FROM providerCredential WHERE uid = ? AND providerID = ?", arguments: [uid, providerID])
    return db.changesCount > 0 ? [.credential(providerID, uid: uid)] : []
  }

  /// Inside a write transaction: forgets every credential of `uid`.
  static func forgetAll(_ db: Database, uid: String) throws -> [JournaledSecret] {
    try providers(db, uid: uid).flatMap { try forget(db, uid: uid, providerID: $0) }
  }

  /// The providers whose credentials are kept for `uid`.
  static func providers(_ db: Database, uid: String) throws -> [String] {
    try String.fetchAll(
      db, sql: "SELECT providerID FROM providerCredential WHERE uid = ? ORDER BY savedAt", arguments: [uid])
  }

  static func isKept(_ db: Database, uid: String, providerID: String) throws -> Bool {
    try Int.fetchOne(
      db, sql: "SELECT COUNT(*) FROM providerCredential WHERE uid = ? AND providerID = ?",
      arguments: [uid, providerID]) ?? 0 > 0
  }
}

/// Credential secrets a migration re-keyed: `v6-one-shape` moved them from (provider, federated id)
/// to (provider, uid). SQLite cannot reach the secret store, so the migration queues the moves in
/// `credentialMove` and `AccountStorage.recoverInterruptedOperations()` carries them out: copy, then
/// delete the old item, then the row. Run again after a crash, it finishes the same moves.
enum CredentialMoves {
  static func finish(_ storage: AccountStorage) async throws {
    let moves = try await storage.read { db in
      try Row.fetchAll(db, sql: "SELECT fromID, toID FROM credentialMove").map { ($0[0] as String, $0[1] as String) }
    }
    for (from, to) in moves {
      let old = SecretKey(namespace: CredentialVault.namespace, id: from)
      let new = SecretKey(namespace: CredentialVault.namespace, id: to)
      if let secret = try await storage.secrets.load(old) {
        if try await storage.secrets.load(new) == nil {
          try await storage.secrets.store(secret, for: new, label: "AuthDesktop provider credential")
        }
        try await storage.secrets.delete(old)
      }
      try await storage.write { db in
        try db.execute(sql: "DELETE FROM credentialMove WHERE fromID = ?", arguments: [from])
      }
    }
  }
}
