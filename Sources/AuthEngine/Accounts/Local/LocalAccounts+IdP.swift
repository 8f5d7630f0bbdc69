import Foundation
import GRDB

/// `signInWithIdp` on this machine: sign-in, link and reauthentication with a provider credential,
/// with Identity Toolkit's rules (docs/accounts.md, "The rules").
extension LocalAccounts {
  enum Decision: Sendable {
    case existing(uid: String)
    case new
    case conflict(email: String, methods: [String])
  }

  /// A known identity signs its user in; an unknown one makes a new user — unless one account per
  /// email is on and another account has the identity's email: the providers here are untrusted
  /// (Identity Toolkit's `needConfirmation`), whatever they say about the email.
  static func decide(_ db: Database, _ identity: FederatedIdentity, oneAccountPerEmail: Bool) throws -> Decision {
    if let existing = try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid) {
      return .existing(uid: existing.uid)
    }
    if oneAccountPerEmail, let email = EmailAddress.normalize(identity.email),
      let owner = try Accounts.owner(db, email: email)
    {
      return .conflict(email: email, methods: try Accounts.signInMethods(db, user: owner))
    }
    return .new
  }

  func signInWithIdp(_ request: IdPRequest) async throws -> SignedIn {
    switch request.operation {
    case .signIn: return try await signIn(with: request.result)
    case .link(let uid): return try await link(uid: uid, with: request.result)
    case .reauthenticate(let uid): return try await reauthenticate(uid: uid, with: request.result)
    }
  }

  /// Signs in with a provider result; a conflict keeps the credential (`PendingCredentials`) and throws
  /// `auth/account-exists-with-different-credential`. The decision is read in the transaction that
  /// journals the secrets (`withSecrets(prepare:…)`), the credential stored under the uid it names; if
  /// another process changed that decision before the commit, the sign-in runs once more.
  func signIn(with result: ProviderSignInResult, attempt: Int = 1) async throws -> SignedIn {
    let identity = result.identity
    let perEmail = oneAccountPerEmail
    let newUID = environment.random.alphanumeric(28)
    let session = newSession()
    let now = self.now
    let (vault, credential) = (self.vault, result.credential)
    do {
      return try await storage.withSecrets(
        prepare: { db -> (String, secrets: [JournaledSecret]) in
          let uid: String
          switch try Self.decide(db, identity, oneAccountPerEmail: perEmail) {
          case .conflict(let email, let methods): throw Conflict(email: email, methods: methods)
          case .existing(let owner): uid = owner
          case .new: uid = newUID
          }
          return (uid, [.credential(identity.providerID, uid: uid), session.journaled])
        },
        store: { uid in
          try await vault.save(credential, uid: uid)
          try await self.storeToken(session)
        }
      ) { db, uid -> (SignedIn, removed: [JournaledSecret]) in
        let isNew: Bool
        switch try Self.decide(db, identity, oneAccountPerEmail: perEmail) {
        case .existing(let owner) where owner == uid:
          isNew = false
        case .new where uid == newUID:
          isNew = true
          try UserRecord(
            uid: uid, email: perEmail ? EmailAddress.normalize(identity.email) : nil,
            emailVerified: perEmail && identity.emailVerified, displayName: identity.displayName,
            photoURL: identity.photoURL, hasPassword: false, creationDate: now, lastSignInDate: now
          ).insert(db)
        default:
          throw DecisionChanged()
        }
        try Self.upsertIdentity(db, identity, uid: uid, at: now)
        try ProviderCredentials.record(db, uid: uid, providerID: identity.providerID, at: now)
        try db.run("UPDATE user SET lastSignInDate = ? WHERE uid = ?", [now, uid])
        let ended = try Self.activate(db, session, uid: uid, provider: identity.providerID, at: now)
        return (SignedIn(account: try Self.snapshot(db, uid: uid), isNewUser: isNew), ended)
      }
    } catch let conflict as Conflict {
      try await pending.keep(result, email: conflict.email, pendingToken: nil)
      throw AuthError.accountConflict(
        AccountConflict(email: conflict.email, providerID: identity.providerID, signInMethods: conflict.methods))
    } catch is DecisionChanged where attempt == 1 {
      return try await signIn(with: result, attempt: 2)
    } catch is DecisionChanged {
      throw AuthError(.storageFailure, origin: .storage, detail: "the accounts changed during the sign-in")
    }
  }

  /// Links a provider account to `uid` (which must be signed in here).
  func link(uid: String, with result: ProviderSignInResult) async throws -> SignedIn {
    _ = try await requireSession(of: uid)
    let identity = result.identity
    let perEmail = oneAccountPerEmail
    try await storage.read { db in try Self.checkLinkable(db, result, to: uid, oneAccountPerEmail: perEmail) }
    let now = self.now
    let (vault, credential) = (self.vault, result.credential)
    let account = try await storage.withSecrets(
      [.credential(identity.providerID, uid: uid)], store: { try await vault.save(credential, uid: uid) }
    ) { db -> (Account, removed: [JournaledSecret]) in
      try Self.checkLinkable(db, result, to: uid, oneAccountPerEmail: perEmail)
      try Self.upsertIdentity(db, identity, uid: uid, at: now)
      try ProviderCredentials.record(db, uid: uid, providerID: identity.providerID, at: now)
      if let email = EmailAddress.normalize(identity.email) {
        // The identity's email becomes the account's when it has none (Identity Toolkit's handleLinkIdp),
        // and verifies it when it is the same and the provider verified it.
        try db.execute(
          sql: "UPDATE user SET email = ?, emailVerified = ? WHERE uid = ? AND email IS NULL",
          arguments: [email, identity.emailVerified, uid])
        if identity.emailVerified {
          try db.execute(sql: "UPDATE user SET emailVerified = 1 WHERE uid = ? AND email = ?", arguments: [uid, email])
        }
      }
      return (try Self.snapshot(db, uid: uid), [])
    }
    environment.logger.info("provider linked", metadata: ["provider": "\(identity.providerID)"])
    return SignedIn(account: account, isNewUser: false)
  }

  /// The credential must belong to `uid` (`auth/user-mismatch` otherwise, as an unknown identity);
  /// renews the session's authentication time and the stored provider tokens.
  func reauthenticate(uid: String, with result: ProviderSignInResult) async throws -> SignedIn {
    let session = try await requireSession(of: uid)
    let identity = result.identity
    let owner = try await storage.read { db in
      try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid)?.uid
    }
    guard owner == uid else { throw AuthError(.userMismatch, origin: .request, providerID: identity.providerID) }
    let now = self.now
    let (vault, credential) = (self.vault, result.credential)
    let account = try await storage.withSecrets(
      [.credential(identity.providerID, uid: uid)], store: { try await vault.save(credential, uid: uid) }
    ) { db -> (Account, removed: [JournaledSecret]) in
      try Self.upsertIdentity(db, identity, uid: uid, at: now)
      try ProviderCredentials.record(db, uid: uid, providerID: identity.providerID, at: now)
      try db.execute(sql: "UPDATE session SET authTime = ? WHERE id = ?", arguments: [now, session.id])
      try db.execute(sql: "UPDATE user SET lastSignInDate = ? WHERE uid = ?", arguments: [now, uid])
      return (try Self.snapshot(db, uid: uid), [])
    }
    cachedIDToken = nil
    return SignedIn(account: account, isNewUser: false)
  }

  /// Identity Toolkit's `handleLinkIdp` rules: `FEDERATED_USER_ID_ALREADY_LINKED` (another user has
  /// the identity), `EMAIL_EXISTS` (another account has its email, under one account per email).
  /// `auth/provider-already-linked` is `Auth`'s check; it is repeated here inside the transaction.
  static func checkLinkable(
    _ db: Database, _ result: ProviderSignInResult, to uid: String, oneAccountPerEmail: Bool
  ) throws {
    let identity = result.identity
    if let existing = try Accounts.identity(db, providerID: identity.providerID, federatedID: identity.uid),
      existing.uid != uid
    {
      throw AuthError.credentialInUse(
        CredentialInUse(email: identity.email, providerID: identity.providerID, credential: result.credential))
    }
    if try Accounts.identities(db, uid: uid).contains(where: { $0.providerID == identity.providerID }) {
      throw AuthError(.providerAlreadyLinked, origin: .request, providerID: identity.providerID)
    }
    if oneAccountPerEmail, let email = EmailAddress.normalize(identity.email),
      let owner = try Accounts.owner(db, email: email), owner.uid != uid
    {
      throw emailInUse(email, providerID: identity.providerID)
    }
  }

  /// A new identity is linked to `uid` now; a known one keeps its user and link time and takes the
  /// provider's latest email, name and photo. One statement (an upsert), from the statement cache.
  static func upsertIdentity(_ db: Database, _ identity: FederatedIdentity, uid: String, at now: Date) throws {
    try db.run(
      """
      INSERT INTO identity (providerID, federatedID, uid, email, displayName, photoURL, linkedAt, screenName)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (providerID, federatedID) DO UPDATE
      SET email = excluded.email, displayName = excluded.displayName, photoURL = excluded.photoURL,
        screenName = COALESCE(excluded.screenName, screenName)
      """,
      [
        identity.providerID, identity.uid, uid, EmailAddress.normalize(identity.email), identity.displayName,
        identity.photoURL, now, identity.username,
      ])
  }
}

/// Another process changed who an identity belongs to between the decision and the write.
private struct DecisionChanged: Error {}

/// The identity's email belongs to another account (one account per email): nothing is written.
private struct Conflict: Error {
  let email: String
  let methods: [String]
}
