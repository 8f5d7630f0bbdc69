import Foundation
import GRDB

/// Sign-in, link and reauthentication with a provider credential (Firebase's rules).
extension Auth {
  enum Decision: Sendable {
    case existing(uid: String)
    case new
    case conflict(email: String, methods: [String])
  }

  nonisolated func decide(_ db: Database, _ identity: FederatedIdentity, oneAccountPerEmail: Bool) throws -> Decision {
    if let existing = try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid) {
      return .existing(uid: existing.uid)
    }
    if oneAccountPerEmail, let email = EmailAddress.normalize(identity.email) {
      for owner in try Accounts.owners(db, email: email).sorted() {
        if let user = try UserRecord.fetchOne(db, key: owner) {
          return .conflict(email: email, methods: try Accounts.signInMethods(db, user: user))
        }
      }
    }
    return .new
  }

  /// Signs in with a provider result: the known identity's user, or a new user — unless the email
  /// belongs to another account (`auth/account-exists-with-different-credential`, with a pending
  /// credential kept for `linkPendingCredential()`).
  public func signIn(with result: ProviderSignInResult) async throws -> AuthDataResult {
    let identity = result.identity
    let perEmail = configuration.app.oneAccountPerEmail
    if case .conflict(let email, let methods) = try await read({ db in
      try self.decide(db, identity, oneAccountPerEmail: perEmail)
    }) {
      try await keepPendingCredential(result, email: email)
      throw AuthError.accountConflict(
        AccountConflict(email: email, providerID: identity.providerID, signInMethods: methods))
    }
    let session = newSession()
    let now = self.now
    let outcome = try await withSecrets(
      [.credential(identity.providerID, identity.uid), session.journaled],
      store: {
        try await vault.save(result.credential, uid: identity.uid)
        try await storeToken(session)
      }
    ) { db -> ((User, Bool), removed: [JournaledSecret]) in
      let isNew: Bool
      let uid: String
      switch try self.decide(db, identity, oneAccountPerEmail: perEmail) {
      case .existing(let owner):
        (uid, isNew) = (owner, false)
      case .new:
        (uid, isNew) = (Base64URL.encode(self.environment.random.bytes(21)), true)
        try UserRecord(
          uid: uid, email: EmailAddress.normalize(identity.email), emailVerified: identity.emailVerified,
          displayName: identity.displayName, photoURL: identity.photoURL, hasPassword: false, creationDate: now,
          lastSignInDate: now
        ).insert(db)
      case .conflict(let email, let methods):
        throw AuthError.accountConflict(
          AccountConflict(email: email, providerID: identity.providerID, signInMethods: methods))
      }
      try self.upsertIdentity(db, identity, uid: uid, at: now)
      try db.execute(sql: "UPDATE user SET lastSignInDate = ? WHERE uid = ?", arguments: [now, uid])
      let ended = try self.activate(db, session, uid: uid, provider: identity.providerID, at: now)
      return ((try self.snapshot(db, try UserRecord.fetchOne(db, key: uid)!), isNew), ended)
    }
    cachedIDToken = nil
    environment.logger.info("signed in", metadata: ["provider": "\(identity.providerID)", "new": "\(outcome.1)"])
    notify(outcome.0)
    var info = result.additionalUserInfo
    info.isNewUser = outcome.1
    return AuthDataResult(user: outcome.0, credential: result.credential, additionalUserInfo: info)
  }

  /// Links a provider account to `uid` (which must be signed in).
  func link(uid: String, with result: ProviderSignInResult) async throws -> AuthDataResult {
    _ = try await requireSession(of: uid)
    let identity = result.identity
    let perEmail = configuration.app.oneAccountPerEmail
    try await read { db in try self.checkLinkable(db, identity, to: uid, oneAccountPerEmail: perEmail, result: result) }
    let now = self.now
    let user = try await withSecrets(
      [.credential(identity.providerID, identity.uid)],
      store: { try await vault.save(result.credential, uid: identity.uid) }
    ) { db -> (User, removed: [JournaledSecret]) in
      try self.checkLinkable(db, identity, to: uid, oneAccountPerEmail: perEmail, result: result)
      try self.upsertIdentity(db, identity, uid: uid, at: now)
      if let email = EmailAddress.normalize(identity.email) {
        try db.execute(
          sql: "UPDATE user SET email = ?, emailVerified = ? WHERE uid = ? AND email IS NULL",
          arguments: [email, identity.emailVerified, uid])
      }
      return (try self.snapshot(db, try UserRecord.fetchOne(db, key: uid)!), [])
    }
    environment.logger.info("provider linked", metadata: ["provider": "\(identity.providerID)"])
    notify(user)
    return AuthDataResult(user: user, credential: result.credential, additionalUserInfo: result.additionalUserInfo)
  }

  nonisolated func checkLinkable(
    _ db: Database, _ identity: FederatedIdentity, to uid: String, oneAccountPerEmail: Bool,
    result: ProviderSignInResult
  ) throws {
    if let existing = try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid) {
      guard existing.uid == uid else {
        throw AuthError.credentialInUse(
          CredentialInUse(email: identity.email, providerID: identity.providerID, credential: result.credential))
      }
      throw AuthError(.providerAlreadyLinked, origin: .request, providerID: identity.providerID)
    }
    if try Accounts.identities(db, uid: uid).contains(where: { $0.providerID == identity.providerID }) {
      throw AuthError(.providerAlreadyLinked, origin: .request, providerID: identity.providerID)
    }
    if oneAccountPerEmail, let email = EmailAddress.normalize(identity.email),
      !(try Accounts.owners(db, email: email).subtracting([uid]).isEmpty)
    {
      throw AuthError(
        .emailAlreadyInUse, origin: .request, payload: .emailInUse(email), providerID: identity.providerID)
    }
  }

  nonisolated func upsertIdentity(_ db: Database, _ identity: FederatedIdentity, uid: String, at now: Date) throws {
    var record =
      try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid)
      ?? IdentityRecord(
        providerID: identity.providerID, federatedID: identity.uid, uid: uid, email: nil, displayName: nil,
        photoURL: nil, linkedAt: now)
    record.email = EmailAddress.normalize(identity.email)
    record.displayName = identity.displayName
    record.photoURL = identity.photoURL
    try record.save(db)
  }

}
