import Foundation
import GRDB

/// Email/password on this machine. Hashes (scrypt, `PasswordHasher`) live in the secret store under
/// `password/<uid>`; SQLite only knows that a user has a password.
extension LocalAccounts {
  static let passwordNamespace = "password"
  /// Failed sign-ins per email tolerated in `throttleWindow` before `auth/too-many-requests`.
  static let maximumFailures = 5
  static let throttleWindow: TimeInterval = 300

  nonisolated func passwordKey(_ uid: String) -> SecretKey { SecretKey(namespace: Self.passwordNamespace, id: uid) }
  nonisolated func passwordSecret(_ uid: String) -> JournaledSecret {
    JournaledSecret(key: passwordKey(uid), reference: .password(uid: uid))
  }

  /// Writes the hash of `password` for `uid` (before the transaction that makes it reachable).
  func storeHash(of password: Password, for uid: String) async throws -> @Sendable () async throws -> Void {
    let hash = StoredSecret(try passwords.hash(password))
    let (secrets, key) = (storage.secrets, passwordKey(uid))
    return { try await secrets.store(hash, for: key, label: "AuthDesktop password hash") }
  }

  /// Identity Toolkit's `signUp`: a new account with this email and password, signed in — or, with
  /// `linkingTo`, the password added to that account, whose email this becomes (it must be the
  /// account's own or nobody's).
  func signUp(email: String, password: Password, linkingTo linked: String?) async throws -> SignedIn {
    let email = try Self.checkedEmail(email)
    let taken: @Sendable (Database) throws -> Bool = { db in
      try Accounts.owner(db, email: email).map { $0.uid != linked } ?? false
    }
    if try await storage.read(taken) { throw Self.emailInUse(email) }
    guard !PasswordHasher.isWeak(password) else { throw PasswordHasher.weakPassword }
    if let linked { return try await linkPassword(uid: linked, email: email, password: password, taken: taken) }
    let uid = environment.random.alphanumeric(28)
    let storeHash = try await storeHash(of: password, for: uid)
    let session = newSession()
    let now = self.now
    let account = try await storage.withSecrets(
      [passwordSecret(uid), session.journaled],
      store: {
        try await storeHash()
        try await self.storeToken(session)
      }
    ) { db -> (Account, removed: [JournaledSecret]) in
      if try taken(db) { throw Self.emailInUse(email) }
      return try Self.insertSignedIn(
        db, uid: uid, email: email, hasPassword: true, session: session, provider: Accounts.password, at: now)
    }
    cachedIDToken = nil
    return SignedIn(account: account, isNewUser: true)
  }

  private func linkPassword(
    uid: String, email: String, password: Password, taken: @Sendable @escaping (Database) throws -> Bool
  ) async throws -> SignedIn {
    _ = try await requireSession(of: uid)
    let storeHash = try await storeHash(of: password, for: uid)
    let account = try await storage.withSecrets([passwordSecret(uid)], store: storeHash) {
      db -> (Account, removed: [JournaledSecret]) in
      guard var record = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      if record.hasPassword { throw AuthError(.providerAlreadyLinked, origin: .request, providerID: Accounts.password) }
      if try taken(db) { throw Self.emailInUse(email) }
      if record.email != email { (record.email, record.emailVerified) = (email, false) }
      record.hasPassword = true
      try record.update(db)
      return (try Self.snapshot(db, record), [])
    }
    return SignedIn(account: account, isNewUser: false)
  }

  /// Identity Toolkit's `signInWithPassword`. Five failures within five minutes for an email answer
  /// `auth/too-many-requests` until the window passes. An account without a password answers
  /// `auth/wrong-password`, as one with another password.
  func signInWithPassword(email: String, password: Password) async throws -> SignedIn {
    let email = try Self.checkedEmail(email)
    let since = now - Self.throttleWindow
    let (user, failures) = try await storage.read { db in
      (
        try Accounts.owner(db, email: email),
        try LoginFailureRecord.filter(Column("email") == email).filter(Column("at") > since).fetchCount(db)
      )
    }
    guard failures < Self.maximumFailures else { throw AuthError(.tooManyRequests, origin: .request) }
    guard let user else { throw AuthError(.userNotFound, origin: .request) }
    let stored = user.hasPassword ? try await storage.secrets.load(passwordKey(user.uid)) : nil
    let now = self.now
    guard let stored, passwords.verify(password, against: stored.reveal()) else {
      try await storage.write { db in try LoginFailureRecord(id: nil, email: email, at: now).insert(db) }
      environment.logger.notice("password sign-in failed")
      throw AuthError(.wrongPassword, origin: .request)
    }
    let session = newSession()
    let account = try await storage.withSecrets([session.journaled], store: { try await self.storeToken(session) }) {
      db -> (Account, removed: [JournaledSecret]) in
      try LoginFailureRecord.filter(Column("email") == email).deleteAll(db)
      try db.execute(sql: "UPDATE user SET lastSignInDate = ? WHERE uid = ?", arguments: [now, user.uid])
      let ended = try Self.activate(db, session, uid: user.uid, provider: Accounts.password, at: now)
      return (try Self.snapshot(db, uid: user.uid), ended)
    }
    cachedIDToken = nil
    return SignedIn(account: account, isNewUser: false)
  }
}
