import Foundation
import GRDB

/// A secret of the account layer together with what makes it reachable, for the journal.
struct JournaledSecret: Sendable {
  enum Reference: Sendable {
    /// A provider credential of an account (`providerCredential` row).
    case providerCredential(uid: String, providerID: String)
    /// The local store's session refresh token.
    case session(String)
    /// The Identity Toolkit session's tokens (`firebaseSession` row).
    case firebaseSession(String)
    case password(uid: String)
    case pendingCredential(String)
  }

  let key: SecretKey
  let reference: Reference

  static func credential(_ providerID: String, uid: String) -> JournaledSecret {
    JournaledSecret(
      key: CredentialVault.key(providerID: providerID, uid: uid),
      reference: .providerCredential(uid: uid, providerID: providerID))
  }

  var encodedReference: String {
    switch reference {
    case .providerCredential(let uid, let provider): "credential:\(uid)\n\(provider)"
    case .session(let id): "session:\(id)"
    case .firebaseSession(let id): "firebase-session:\(id)"
    case .password(let uid): "password:\(uid)"
    case .pendingCredential(let id): "pending:\(id)"
    }
  }

  /// Whether a row still makes the secret reachable. An ended session's token is unreachable.
  static func isReferenced(_ db: Database, encoded: String) throws -> Bool {
    guard let colon = encoded.firstIndex(of: ":") else { return false }
    let kind = encoded[..<colon]
    let value = String(encoded[encoded.index(after: colon)...])
    let pair = value.split(separator: "\n", maxSplits: 1).map(String.init)
    switch kind {
    case "credential":
      return try pair.count == 2 && ProviderCredentials.isKept(db, uid: pair[0], providerID: pair[1])
    case "identity":  // journaled before v6-one-shape, keyed by (provider, federated id)
      return try pair.count == 2 && Accounts.identity(db, providerID: pair[0], federatedID: pair[1]) != nil
    case "session":
      return try SessionRecord.filter(Column("id") == value && Column("endedAt") == nil).fetchCount(db) > 0
    case "firebase-session":
      return try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM firebaseSession WHERE id = ? AND endedAt IS NULL", arguments: [value]) ?? 0 > 0
    case "password":
      return try UserRecord.filter(Column("uid") == value && Column("hasPassword") == true).fetchCount(db) > 0
    case "pending":
      return try PendingCredentialRecord.filter(Column("id") == value).fetchCount(db) > 0
    default:
      return false
    }
  }
}

enum SecretJournal {
  static let processID = Int64(ProcessInfo.processInfo.processIdentifier)

  /// Inserts journal rows for `secrets`; returns their ids (cleared by the transaction that commits).
  static func add(_ db: Database, _ secrets: [JournaledSecret], at now: Date) throws -> [Int64] {
    try secrets.map { secret in
      try db.run(
        "INSERT INTO secretJournal (namespace, secretID, reference, pid, createdAt) VALUES (?, ?, ?, ?, ?)",
        [secret.key.namespace, secret.key.id, secret.encodedReference, processID, now])
      return db.lastInsertedRowID
    }
  }

  static func clear(_ db: Database, _ ids: [Int64]) throws {
    for id in ids { try db.run("DELETE FROM secretJournal WHERE id = ?", [id]) }
  }

  /// A process that wrote a journal row is gone when `/proc/PID` is (Linux), or the row is an hour old.
  static func isAbandoned(pid: Int64, createdAt: Date, now: Date) -> Bool {
    if createdAt < now - 3600 { return true }
    if pid == processID { return false }
    return !FileManager.default.fileExists(atPath: "/proc/\(pid)")
  }
}
