import Foundation
import GRDB

/// Identity Toolkit's `update` and `delete` on this machine.
extension LocalAccounts {
  func update(uid: String, _ change: AccountChange) async throws -> Account {
    switch change {
    case .deleteProvider(let providerID): return try await unlink(uid: uid, providerID: providerID)
    case .password(let password): return try await updatePassword(uid: uid, to: password)
    }
  }

  /// Unlinks a provider (or the password); the last way to sign in stays (`Auth` checks it first).
  func unlink(uid: String, providerID: String) async throws -> Account {
    _ = try await requireSession(of: uid)
    let passwordSecret = self.passwordSecret(uid)
    return try await storage.withSecrets([], store: {}) { db -> (Account, removed: [JournaledSecret]) in
      guard var record = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      let methods = try Accounts.signInMethods(db, user: record)
      guard methods.contains(providerID) else {
        throw AuthError(.noSuchProvider, origin: .request, providerID: providerID)
      }
      guard methods.count > 1 else { throw AuthError(.lastSignInMethod, origin: .request, providerID: providerID) }
      if providerID == Accounts.password {
        record.hasPassword = false
        try record.update(db)
        return (try Self.snapshot(db, record), [passwordSecret])
      }
      try db.execute(sql: "DELETE FROM identity WHERE uid = ? AND providerID = ?", arguments: [uid, providerID])
      let forgotten = try ProviderCredentials.forget(db, uid: uid, providerID: providerID)
      return (try Self.snapshot(db, record), forgotten)
    }
  }

  /// Sets a new password (needs a recent sign-in); adds the `password` method if the user had none.
  func updatePassword(uid: String, to password: Password) async throws -> Account {
    try await requireRecentLogin(uid)
    guard !PasswordHasher.isWeak(password) else { throw PasswordHasher.weakPassword }
    let storeHash = try await storeHash(of: password, for: uid)
    return try await storage.withSecrets([passwordSecret(uid)], store: storeHash) {
      db -> (Account, removed: [JournaledSecret]) in
      try db.execute(sql: "UPDATE user SET hasPassword = 1 WHERE uid = ?", arguments: [uid])
      return (try Self.snapshot(db, uid: uid), [])
    }
  }

  /// Deletes the account (needs a recent sign-in): its rows in one transaction, then the secrets they
  /// pointed to — sessions, password, provider credentials.
  func delete(uid: String) async throws {
    try await requireRecentLogin(uid)
    let passwordSecret = self.passwordSecret(uid)
    try await storage.withSecrets([], store: {}) { db -> ((), removed: [JournaledSecret]) in
      let sessions = try String.fetchAll(db, sql: "SELECT id FROM session WHERE uid = ?", arguments: [uid])
      let credentials = try ProviderCredentials.forgetAll(db, uid: uid)
      try AppGrantsSchema.drop(db, uids: [uid])
      _ = try UserRecord.deleteOne(db, key: uid)  // identities and sessions cascade
      return ((), credentials + sessions.map { NewSession(id: $0).journaled } + [passwordSecret])
    }
    cachedIDToken = nil
    environment.logger.info("account deleted")
  }
}
