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

  /// The signed-in users and their identities, in order: read through `SignedInOrderSchema`'s indexes,
  /// SQLite sorts nothing.
  static let signedInSQL = """
    SELECT user.uid, user.email, user.emailVerified, user.displayName, user.photoURL, user.hasPassword,
      user.creationDate, user.lastSignInDate, session.currentRank, identity.providerID,
      identity.federatedID, identity.email, identity.displayName, identity.photoURL, identity.screenName
    \(signedInRows)
    """

  /// The rows of every listing of the signed-in users: each user's session, the user and its
  /// identities, in sign-in order, then the order the identities were linked.
  static let signedInRows = """
    FROM session JOIN user ON user.uid = session.uid LEFT JOIN identity ON identity.uid = user.uid
    WHERE session.endedAt IS NULL ORDER BY session.createdAt, session.rowid, identity.linkedAt
    """

  /// One query whatever the number of users: the signed-in users in sign-in order, each followed by its
  /// identities in the order they were linked. The columns are read by position, and a user's row
  /// (its two dates) once: GRDB's lookup by column name lowercases the name at every read; the dates
  /// are read by `StoredDate`, without GRDB's calendar (docs/benchmarks.md).
  func signedInAccounts() async throws -> SignedInAccounts {
    try await storage.read { db in
      let rows = try Row.fetchCursor(db.cachedStatement(sql: Self.signedInSQL))
      // Each user is made into an `Account` when the next one starts: no second list of all of them.
      var accounts: [Account] = []
      var listed: (user: UserRecord, identities: [UserInfo])?
      var current: (uid: String, rank: Int64)?
      while let row = try rows.next() {
        let uid: String = row[0]
        if listed?.user.uid != uid {
          if let done = listed { accounts.append(Self.snapshot(done.user, infos: done.identities)) }
          listed = (
            UserRecord(
              uid: uid, email: row[1], emailVerified: row[2], displayName: row[3], photoURL: row[4],
              hasPassword: row[5], creationDate: StoredDate.read(row, 6), lastSignInDate: StoredDate.read(row, 7)),
            []
          )
          let rank: Int64 = row[8]
          if rank > (current?.rank ?? .min) { current = (uid, rank) }
        }
        if let providerID: String = row[9] {
          listed?.identities.append(
            UserInfo(
              providerID: providerID, uid: row[10], email: row[11], displayName: row[12], photoURL: row[13],
              screenName: row[14]))
        }
      }
      if let done = listed { accounts.append(Self.snapshot(done.user, infos: done.identities)) }
      return SignedInAccounts(accounts: accounts, currentUID: current?.uid)
    }
  }
}
