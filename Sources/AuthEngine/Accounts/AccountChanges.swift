import Foundation
import GRDB

/// Unlink, reauthenticate and delete.
extension Auth {
  func unlink(uid: String, providerID: String) async throws -> User {
    _ = try await requireSession(of: uid)
    let user = try await withSecrets([], store: {}) { db -> (User, removed: [JournaledSecret]) in
      guard let record = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      guard let identity = try Accounts.identities(db, uid: uid).first(where: { $0.providerID == providerID }) else {
        throw AuthError(.noSuchProvider, origin: .request, providerID: providerID)
      }
      guard try Accounts.signInMethods(db, user: record).count > 1 else {
        throw AuthError(.lastSignInMethod, origin: .request, providerID: providerID)
      }
      try identity.delete(db)
      return (try self.snapshot(db, record), [.credential(identity.providerID, identity.federatedID)])
    }
    environment.logger.info("provider unlinked", metadata: ["provider": "\(providerID)"])
    notify(user)
    return user
  }

  /// The credential must belong to `uid` (`auth/user-mismatch` otherwise); renews the session's
  /// authentication time and the stored provider tokens.
  func reauthenticate(uid: String, with result: ProviderSignInResult) async throws -> AuthDataResult {
    let session = try await requireSession(of: uid)
    let identity = result.identity
    let owner = try await read { db in
      try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid)?.uid
    }
    guard owner == uid else { throw AuthError(.userMismatch, origin: .request, providerID: identity.providerID) }
    try await vault.save(result.credential, uid: identity.uid)
    let now = self.now
    let user = try await write { db in
      try self.upsertIdentity(db, identity, uid: uid, at: now)
      try db.execute(sql: "UPDATE session SET authTime = ? WHERE id = ?", arguments: [now, session.id])
      try db.execute(sql: "UPDATE user SET lastSignInDate = ? WHERE uid = ?", arguments: [now, uid])
      return try self.snapshot(db, try UserRecord.fetchOne(db, key: uid)!)
    }
    cachedIDToken = nil
    return AuthDataResult(user: user, credential: result.credential, additionalUserInfo: result.additionalUserInfo)
  }

  /// Deletes the account (needs a recent sign-in). Provider grants are revoked first (by default),
  /// then the rows go in one transaction, then the secrets they pointed to.
  func delete(uid: String, revokeProviderTokens: Bool) async throws {
    try await requireRecentLogin(uid)
    let identities = try await read { db in try Accounts.identities(db, uid: uid) }
    if revokeProviderTokens { await revokeGrants(identities) }
    let passwordSecret = self.passwordSecret(uid)
    try await withSecrets([], store: {}) { db -> ((), removed: [JournaledSecret]) in
      let sessions = try String.fetchAll(db, sql: "SELECT id FROM session WHERE uid = ?", arguments: [uid])
      let credentials = try Accounts.identities(db, uid: uid).map {
        JournaledSecret.credential($0.providerID, $0.federatedID)
      }
      _ = try UserRecord.deleteOne(db, key: uid)  // identities and sessions cascade
      return ((), credentials + sessions.map { NewSession(id: $0).journaled } + [passwordSecret])
    }
    cachedIDToken = nil
    environment.logger.info("account deleted")
    notify(nil)
  }
}
