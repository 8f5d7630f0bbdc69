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

  /// One query whatever the number of users: the signed-in users in sign-in order, each followed by its
  /// identities in the order they were linked. The columns are read by position, and a user's row
  /// (its two dates) once: GRDB's lookup by column name lowercases the name at every read, and a
  /// date is parsed through a calendar, which made up most of a listing (docs/benchmarks.md).
  func signedInAccounts() async throws -> SignedInAccounts {
    try await storage.read { db in
      let rows = try Row.fetchCursor(
        db.cachedStatement(
          sql: """
            SELECT user.uid, user.email, user.emailVerified, user.displayName, user.photoURL, user.hasPassword,
              user.creationDate, user.lastSignInDate, session.currentRank, identity.providerID,
              identity.federatedID, identity.email, identity.displayName, identity.photoURL, identity.screenName
            FROM session JOIN user ON user.uid = session.uid LEFT JOIN identity ON identity.uid = user.uid
            WHERE session.endedAt IS NULL ORDER BY session.createdAt, session.rowid, identity.linkedAt
            """))
      var listed: [(user: UserRecord, identities: [UserInfo])] = []
      var current: (uid: String, rank: Int64)?
      while let row = try rows.next() {
        let uid: String = row[0]
        if listed.last?.user.uid != uid {
          let user = UserRecord(
            uid: uid, email: row[1], emailVerified: row[2], displayName: row[3], photoURL: row[4],
            hasPassword: row[5], creationDate: row[6], lastSignInDate: row[7])
          listed.append((user, []))
          let rank: Int64 = row[8]
          if rank > (current?.rank ?? .min) { current = (uid, rank) }
        }
        if let providerID: String = row[9] {
          listed[listed.count - 1].identities.append(
            UserInfo(
              providerID: providerID, uid: row[10], email: row[11], displayName: row[12], photoURL: row[13],
              screenName: row[14]))
        }
      }
      return SignedInAccounts(
        accounts: listed.map { Self.snapshot($0.user, infos: $0.identities) }, currentUID: current?.uid)
    }
  }
}
