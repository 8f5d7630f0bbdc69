import Foundation
import GRDB

/// Sessions: one active per signed-in user; the current user's is the active one of highest rank
/// (`SeveralUsersSchema`). A session's refresh token lives in the secret store under
/// `session/<id>`; ending a session deletes it (the local revocation). ID tokens are minted here
/// (ES256, 1 hour) and cached until they are within 5 minutes of expiry.
extension LocalAccounts {
  static let sessionNamespace = "session"
  static let idTokenRefreshMargin: TimeInterval = 300

  struct NewSession: Sendable {
    let id: String
    var key: SecretKey { SecretKey(namespace: LocalAccounts.sessionNamespace, id: id) }
    var journaled: JournaledSecret { JournaledSecret(key: key, reference: .session(id)) }
  }

  func newSession() -> NewSession { NewSession(id: Base64URL.encode(environment.random.bytes(16))) }

  /// Writes the session's refresh token (before the transaction that activates it). Nonisolated: it
  /// reads only constants, and a `withSecrets` store step calls it without a hop back to the actor.
  nonisolated func storeToken(_ session: NewSession) async throws {
    try await storage.secrets.store(
      StoredSecret(storage.environment.random.token(bytes: 32)), for: session.key, label: "AuthDesktop session")
  }

  /// Inside a write transaction: starts `session` for `uid` as the current user, ending only `uid`'s
  /// own earlier session (every other user stays signed in). Returns that session's secret (deleted
  /// after the commit).
  static func activate(_ db: Database, _ session: NewSession, uid: String, provider: String, at now: Date) throws
    -> [JournaledSecret]
  {
    let ended = try endSessions(db, of: uid, at: now)
    try db.run(
      """
      INSERT INTO session (id, uid, signInProvider, authTime, createdAt, endedAt, currentRank)
      VALUES (?, ?, ?, ?, ?, NULL, (SELECT COALESCE(MAX(currentRank), 0) + 1 FROM session))
      """,
      [session.id, uid, provider, now, now])
    return ended
  }

  /// Ends the active session of `uid`, or every active session when `uid` is nil.
  static func endSessions(_ db: Database, of uid: String?, at now: Date) throws -> [JournaledSecret] {
    let which = uid == nil ? "endedAt IS NULL" : "endedAt IS NULL AND uid = ?"
    let arguments: StatementArguments = uid.map { [$0] } ?? []
    let ended = try db.strings("SELECT id FROM session WHERE \(which)", arguments).map { NewSession(id: $0).journaled }
    if !ended.isEmpty {
      try db.run("UPDATE session SET endedAt = ? WHERE \(which)", StatementArguments([now]) + arguments)
    }
    return ended
  }

  /// The active session of `uid`, which must be signed in here.
  func requireSession(of uid: String) async throws -> SessionRecord {
    guard let session = try await storage.read({ db in try Accounts.session(db, of: uid) }) else {
      throw AuthError(.noCurrentUser, origin: .request)
    }
    return session
  }

  /// `auth/requires-recent-login` unless `uid` signed in or reauthenticated within 5 minutes.
  func requireRecentLogin(_ uid: String) async throws {
    let session = try await requireSession(of: uid)
    guard session.authTime >= now - Self.recentLoginWindow else {
      throw AuthError(.requiresRecentLogin, origin: .request)
    }
  }

  func signOut(uid: String?) async throws -> [String] {
    let now = self.now
    let uids = try await storage.withSecrets([], store: {}) { db -> ([String], removed: [JournaledSecret]) in
      let which = uid == nil ? "" : " AND uid = ?"
      let uids = try db.strings("SELECT uid FROM session WHERE endedAt IS NULL\(which)", uid.map { [$0] } ?? [])
      try AppGrantsSchema.drop(db, uids: uids)
      return (uids, try Self.endSessions(db, of: uid, at: now))
    }
    cachedIDToken = nil
    return uids
  }

  func makeCurrent(uid: String) async throws -> Account {
    try await storage.write { db in
      guard try Accounts.session(db, of: uid) != nil else { throw AuthError(.noCurrentUser, origin: .request) }
      try db.run(
        """
        UPDATE session SET currentRank = (SELECT MAX(currentRank) + 1 FROM session)
        WHERE uid = ? AND endedAt IS NULL
        """, [uid])
      return try Self.snapshot(db, uid: uid)
    }
  }

  func idToken(uid: String, forceRefresh: Bool) async throws -> IDToken {
    let session = try await requireSession(of: uid)
    guard try await storage.secrets.load(SecretKey(namespace: Self.sessionNamespace, id: session.id)) != nil else {
      throw AuthError(.userTokenExpired, origin: .storage, detail: "the session's refresh token is gone")
    }
    if !forceRefresh, let cached = cachedIDToken, cached.sessionID == session.id,
      cached.expiresAt > now + Self.idTokenRefreshMargin
    {
      return cached.token
    }
    let claims = try await storage.read { db -> IDTokenClaims in
      guard let user = try UserRecord.fetchOne(db, key: uid) else { throw AuthError(.userNotFound, origin: .request) }
      var identities = Dictionary(grouping: try Accounts.identities(db, uid: uid), by: \.providerID)
        .mapValues { $0.map(\.federatedID) }
      if let email = user.email { identities["email"] = [email] }
      return IDTokenClaims(
        uid: uid, authTime: session.authTime, email: user.email, emailVerified: user.emailVerified,
        displayName: user.displayName, photoURL: user.photoURL, signInProvider: session.signInProvider,
        identities: identities)
    }
    let token = try await tokens.mint(claims)
    cachedIDToken = (session.id, token, IDTokenIssuer.expiry(of: token) ?? now)
    return token
  }
}
