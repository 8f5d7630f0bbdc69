import Foundation
import GRDB

/// Who is signed in on this machine: every user with an active session, and the current one.
extension LocalAccounts {
  func currentAccount() async throws -> Account? {
    try await storage.read { db in
      guard let session = try Accounts.currentSession(db), let user = try UserRecord.fetchOne(db, key: session.uid)
      else { return nil }
      return try Self.snapshot(db, user)
    }
  }

  func signedInAccount(uid: String) async throws -> Account? {
    try await storage.read { db in
      guard try Accounts.session(db, of: uid) != nil, let user = try UserRecord.fetchOne(db, key: uid) else {
        return nil
      }
      return try Self.snapshot(db, user)
    }
  }

  /// The signed-in users whose uid is `name`, whose email is, or who have an identity whose login,
  /// raw id or email it names (`PROVIDER:LOGIN`, or an email): indexed lookups, whatever the number of
  /// users. `AccountSelector.candidates` then picks exactly.
  func signedInAccounts(named name: String) async throws -> [Account] {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    let colon = trimmed.firstIndex(of: ":")
    let provider = colon.map { String(trimmed[..<$0]) } ?? ""
    let login = colon.map { String(trimmed[trimmed.index(after: $0)...]) } ?? ""
    let email = EmailAddress.normalize(trimmed) ?? ""
    let loginEmail = EmailAddress.normalize(login) ?? ""
    return try await storage.read { db in
      let users = try db.all(
        UserRecord.self,
        """
        SELECT user.* FROM session JOIN user ON user.uid = session.uid
        WHERE session.endedAt IS NULL AND (user.uid = ? OR user.email = ? OR user.uid IN (
          SELECT uid FROM identity WHERE email = ? UNION
          SELECT uid FROM identity WHERE providerID = ? AND screenName = ? COLLATE NOCASE UNION
          SELECT uid FROM identity WHERE providerID = ? AND (federatedID = ? OR email = ?)))
        ORDER BY session.createdAt, session.rowid
        """, [trimmed, email, email, provider, login, provider, login, loginEmail])
      return try users.map { try Self.snapshot(db, $0) }
    }
  }

  /// Two queries whatever the number of users: the signed-in users, then all their identities.
  func signedInAccounts() async throws -> SignedInAccounts {
    try await storage.read { db in
      let rows = try Row.fetchAll(
        db.cachedStatement(
          sql: """
            SELECT user.*, session.currentRank FROM session JOIN user ON user.uid = session.uid
            WHERE session.endedAt IS NULL ORDER BY session.createdAt, session.rowid
            """))
      let identities = Dictionary(
        grouping: try db.all(
          IdentityRecord.self,
          """
          SELECT identity.* FROM identity JOIN session ON session.uid = identity.uid AND session.endedAt IS NULL
          ORDER BY identity.linkedAt
          """),
        by: \.uid)
      var current: (uid: String, rank: Int64)?
      let accounts = try rows.map { row -> Account in
        let user = try UserRecord(row: row)
        let rank: Int64 = row["currentRank"]
        if rank > (current?.rank ?? .min) { current = (user.uid, rank) }
        return Self.snapshot(user, identities: identities[user.uid] ?? [])
      }
      return SignedInAccounts(accounts: accounts, currentUID: current?.uid)
    }
  }
}
