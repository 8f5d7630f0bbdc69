import Foundation
import GRDB

/// Sessions: at most one active per data dir. Its refresh token lives in the secret store under
/// `session/<id>`; ending a session deletes it (the local revocation).
extension Auth {
  static let sessionNamespace = "session"

  struct NewSession: Sendable {
    let id: String
    var key: SecretKey { SecretKey(namespace: Auth.sessionNamespace, id: id) }
    var journaled: JournaledSecret { JournaledSecret(key: key, reference: .session(id)) }
  }

  func newSession() -> NewSession { NewSession(id: Base64URL.encode(environment.random.bytes(16))) }

  /// Writes the session's refresh token (before the transaction that activates it).
  func storeToken(_ session: NewSession) async throws {
    try await environment.secrets.store(
      StoredSecret(environment.random.token(bytes: 32)), for: session.key, label: "AuthDesktop session")
  }

  /// Inside a write transaction: ends the active sessions and starts `session` for `uid`. Returns the
  /// ended sessions' secrets (deleted after the commit).
  nonisolated func activate(_ db: Database, _ session: NewSession, uid: String, provider: String, at now: Date) throws
    -> [JournaledSecret]
  {
    let ended = try endSessions(db, at: now)
    try SessionRecord(id: session.id, uid: uid, signInProvider: provider, authTime: now, createdAt: now, endedAt: nil)
      .insert(db)
    return ended
  }

  nonisolated func endSessions(_ db: Database, at now: Date) throws -> [JournaledSecret] {
    let ended = try SessionRecord.filter(Column("endedAt") == nil).fetchAll(db).map { NewSession(id: $0.id).journaled }
    try db.execute(sql: "UPDATE session SET endedAt = ? WHERE endedAt IS NULL", arguments: [now])
    return ended
  }

  /// The active session, required to belong to `uid`.
  func requireSession(of uid: String) async throws -> SessionRecord {
    guard let session = try await read({ db in try Accounts.activeSession(db) }), session.uid == uid else {
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

  /// Ends the session and keeps the account. With `revokeProviderTokens`, the provider grants are
  /// revoked too (where the provider offers it) and their tokens forgotten.
  public func signOut(revokeProviderTokens: Bool = false) async throws {
    let now = self.now
    let identities = try await withSecrets([], store: {}) { db -> ([IdentityRecord], removed: [JournaledSecret]) in
      guard let session = try Accounts.activeSession(db) else { return ([], []) }
      return (try Accounts.identities(db, uid: session.uid), try self.endSessions(db, at: now))
    }
    cachedIDToken = nil
    if revokeProviderTokens { await revokeAndForget(identities) }
    environment.logger.info("signed out")
    notify(nil)
  }

  /// Revokes each identity's provider grant, best effort: a provider that is down must not block a
  /// sign-out or a deletion.
  func revokeGrants(_ identities: [IdentityRecord]) async {
    for identity in identities {
      guard let credential = try? await vault.load(providerID: identity.providerID, uid: identity.federatedID) else {
        continue
      }
      do {
        try await providers.revoke(credential)
      } catch {
        environment.logger.notice("provider token revocation failed", metadata: ["provider": "\(identity.providerID)"])
      }
    }
  }

  /// Revokes the grants and deletes the stored tokens (the identities stay linked).
  func revokeAndForget(_ identities: [IdentityRecord]) async {
    await revokeGrants(identities)
    for identity in identities { try? await vault.delete(providerID: identity.providerID, uid: identity.federatedID) }
  }
}
