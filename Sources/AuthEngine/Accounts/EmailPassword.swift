import Foundation
import GRDB

/// Email/password accounts. Hashes (scrypt, `PasswordHasher`) live in the secret store under
/// `password/<uid>`; SQLite only knows that a user has a password.
extension Auth {
  static let passwordNamespace = "password"
  /// Failed sign-ins per email tolerated in `throttleWindow` before `auth/too-many-requests`.
  static let maximumFailures = 5
  static let throttleWindow: TimeInterval = 300

  nonisolated func passwordKey(_ uid: String) -> SecretKey { SecretKey(namespace: Self.passwordNamespace, id: uid) }
  nonisolated func passwordSecret(_ uid: String) -> JournaledSecret {
    JournaledSecret(key: passwordKey(uid), reference: .password(uid: uid))
  }

  func checkedEmail(_ email: String) throws -> String {
    guard let normalized = EmailAddress.normalize(email), EmailAddress.isValid(normalized) else {
      throw AuthError(.invalidEmail, origin: .request)
    }
    return normalized
  }

  /// Firebase's `createUser(withEmail:password:)`: a new account, signed in.
  public func createUser(email: String, password: Password) async throws -> AuthDataResult {
    let email = try checkedEmail(email)
    guard !PasswordHasher.isWeak(password) else { throw PasswordHasher.weakPassword }
    let perEmail = configuration.app.oneAccountPerEmail
    let inUse: @Sendable (Database) throws -> Bool = { db in
      try UserRecord.filter(Column("email") == email).fetchCount(db) > 0
        || (perEmail && !(try Accounts.owners(db, email: email).isEmpty))
    }
    if try await read(inUse) { throw emailInUse(email) }
    let uid = Base64URL.encode(environment.random.bytes(21))
    let hash = StoredSecret(try passwords.hash(password))
    let session = newSession()
    let now = self.now
    let user = try await withSecrets(
      [passwordSecret(uid), session.journaled],
      store: {
        try await environment.secrets.store(hash, for: passwordKey(uid), label: "AuthDesktop password hash")
        try await storeToken(session)
      }
    ) { db -> (User, removed: [JournaledSecret]) in
      if try inUse(db) { throw self.emailInUse(email) }
      let record = UserRecord(
        uid: uid, email: email, emailVerified: false, displayName: nil, photoURL: nil, hasPassword: true,
        creationDate: now, lastSignInDate: now)
      try record.insert(db)
      let ended = try self.activate(db, session, uid: uid, provider: "password", at: now)
      return (try self.snapshot(db, record), ended)
    }
    return finishPasswordSignIn(user, isNewUser: true)
  }

  /// Firebase's `signIn(withEmail:password:)`. Five failures within five minutes for an email
  /// answer `auth/too-many-requests` until the window passes.
  public func signIn(email: String, password: Password) async throws -> AuthDataResult {
    let email = try checkedEmail(email)
    let since = now - Self.throttleWindow
    let (user, failures) = try await read { db in
      (
        try UserRecord.filter(Column("email") == email).filter(Column("hasPassword") == true).fetchOne(db),
        try LoginFailureRecord.filter(Column("email") == email).filter(Column("at") > since).fetchCount(db)
      )
    }
    guard failures < Self.maximumFailures else { throw AuthError(.tooManyRequests, origin: .request) }
    guard let user else { throw AuthError(.userNotFound, origin: .request) }
    let stored = try await environment.secrets.load(passwordKey(user.uid))
    let now = self.now
    guard let stored, passwords.verify(password, against: stored.reveal()) else {
      try await write { db in try LoginFailureRecord(id: nil, email: email, at: now).insert(db) }
      environment.logger.notice("password sign-in failed")
      throw AuthError(.wrongPassword, origin: .request)
    }
    let session = newSession()
    let signedIn = try await withSecrets([session.journaled], store: { try await storeToken(session) }) {
      db -> (User, removed: [JournaledSecret]) in
      try LoginFailureRecord.filter(Column("email") == email).deleteAll(db)
      try db.execute(sql: "UPDATE user SET lastSignInDate = ? WHERE uid = ?", arguments: [now, user.uid])
      let ended = try self.activate(db, session, uid: user.uid, provider: "password", at: now)
      return (try self.snapshot(db, try UserRecord.fetchOne(db, key: user.uid)!), ended)
    }
    return finishPasswordSignIn(signedIn, isNewUser: false)
  }

  /// Sets a new password (needs a recent sign-in); adds the `password` method if the user had none.
  func updatePassword(uid: String, to password: Password) async throws {
    try await requireRecentLogin(uid)
    guard !PasswordHasher.isWeak(password) else { throw PasswordHasher.weakPassword }
    let hash = StoredSecret(try passwords.hash(password))
    try await withSecrets(
      [passwordSecret(uid)],
      store: { try await environment.secrets.store(hash, for: passwordKey(uid), label: "AuthDesktop password hash") }
    ) { db -> ((), removed: [JournaledSecret]) in
      try db.execute(sql: "UPDATE user SET hasPassword = 1 WHERE uid = ?", arguments: [uid])
      return ((), [])
    }
  }

  private func finishPasswordSignIn(_ user: User, isNewUser: Bool) -> AuthDataResult {
    cachedIDToken = nil
    environment.logger.info("signed in", metadata: ["provider": "password", "new": "\(isNewUser)"])
    notify(user)
    return AuthDataResult(
      user: user, credential: nil,
      additionalUserInfo: AdditionalUserInfo(providerID: "password", profile: [:], username: nil, isNewUser: isNewUser))
  }

  nonisolated func emailInUse(_ email: String) -> AuthError {
    AuthError(.emailAlreadyInUse, origin: .request, payload: .emailInUse(email))
  }
}

extension Auth {
  /// Adds email/password sign-in to `uid` (CLI `sign-in-email EMAIL --link`). The email must be the
  /// user's own, or free when the user has none.
  public func linkPassword(email: String, password: Password) async throws -> User {
    guard let current = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    let uid = current.uid
    let email = try checkedEmail(email)
    guard !PasswordHasher.isWeak(password) else { throw PasswordHasher.weakPassword }
    let hash = StoredSecret(try passwords.hash(password))
    let user = try await withSecrets(
      [passwordSecret(uid)],
      store: { try await environment.secrets.store(hash, for: passwordKey(uid), label: "AuthDesktop password hash") }
    ) { db -> (User, removed: [JournaledSecret]) in
      guard var record = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      if record.hasPassword { throw AuthError(.providerAlreadyLinked, origin: .request, providerID: "password") }
      if let own = record.email, own != email { throw self.emailInUse(email) }
      if !(try Accounts.owners(db, email: email).subtracting([uid]).isEmpty) { throw self.emailInUse(email) }
      record.email = email
      record.hasPassword = true
      try record.update(db)
      return (try self.snapshot(db, record), [])
    }
    notify(user)
    return user
  }

  /// The current user's credential for `providerID`, refreshed first when it expires within 5 minutes
  /// (CLI `token`).
  public func providerCredential(providerID: String) async throws -> OAuthCredential {
    guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    guard let identity = user.providerData.first(where: { $0.providerID == providerID }) else {
      throw AuthError(.noSuchProvider, origin: .request, providerID: providerID)
    }
    return try await providers.validCredential(providerID: providerID, uid: identity.uid, vault: vault)
  }
}
