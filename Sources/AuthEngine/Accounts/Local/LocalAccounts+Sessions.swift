import Foundation
import GRDB

/// Sessions: at most one active per data dir. Its refresh token lives in the secret store under
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

  /// Inside a write transaction: ends the active sessions and starts `session` for `uid`. Returns the
  /// ended sessions' secrets (deleted after the commit).
  static func activate(_ db: Database, _ session: NewSession, uid: String, provider: String, at now: Date) throws
    -> [JournaledSecret]
  {
    let ended = try endSessions(db, at: now)
    try db.run(
      "INSERT INTO session (id, uid, signInProvider, authTime, createdAt, endedAt) VALUES (?, ?, ?, ?, ?, NULL)",
      [session.id, uid, provider, now, now])
    return ended
  }

  static func endSessions(_ db: Database, at now: Date) throws -> [JournaledSecret] {
    let ended = try db.strings("SELECT id FROM session WHERE endedAt IS NULL").map { NewSession(id: $0).journaled }
    if !ended.isEmpty { try db.run("UPDATE session SET endedAt = ? WHERE endedAt IS NULL", [now]) }
    return ended
  }

  /// The active session, required to belong to `uid`.
  func requireSession(of uid: String) async throws -> SessionRecord {
    guard let session = try await storage.read({ db in try Accounts.activeSession(db) }), session.uid == uid else {
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

  func signOut() async throws -> String? {
    let now = self.now
    let uid = try await storage.withSecrets([], store: {}) { db -> (String?, removed: [JournaledSecret]) in
      guard let session = try Accounts.activeSession(db) else { return (nil, []) }
      return (session.uid, try Self.endSessions(db, at: now))
    }
    cachedIDToken = nil
    return uid
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
