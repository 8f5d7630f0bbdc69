import Foundation
import GRDB

/// The Identity Toolkit backend's state on this machine: at most one active session (`firebaseSession`
/// row: the uid Firebase assigned, and the account as last looked up), its tokens in the secret store
/// (`firebase-session/<id>`, `SessionTokens`), and the provider credentials of its account
/// (`ProviderCredentials`). Written through `AccountStorage`, like the local store's.
struct FirebaseSessions: Sendable {
  static let namespace = "firebase-session"
  let storage: AccountStorage

  struct Active: Sendable {
    var id: String
    var uid: String
    var account: Account
  }

  static func key(_ id: String) -> SecretKey { SecretKey(namespace: namespace, id: id) }
  static func journaled(_ id: String) -> JournaledSecret {
    JournaledSecret(key: key(id), reference: .firebaseSession(id))
  }

  func active() async throws -> Active? {
    try await storage.read { db in try Self.active(db) }
  }

  static func active(_ db: Database) throws -> Active? {
    guard
      let row = try Row.fetchOne(
        db, sql: "SELECT id, uid, account FROM firebaseSession WHERE endedAt IS NULL ORDER BY createdAt DESC")
    else { return nil }
    let json: String = row["account"]
    guard let account = try? JSONDecoder().decode(Account.self, from: Data(json.utf8)) else {
      throw AuthError(.storageFailure, origin: .storage, detail: "the signed-in account cannot be read")
    }
    return Active(id: row["id"], uid: row["uid"], account: account)
  }

  func tokens(of session: Active) async throws -> SessionTokens {
    guard let stored = try await storage.secrets.load(Self.key(session.id)), let tokens = try? SessionTokens(stored)
    else { throw AuthError(.userTokenExpired, origin: .storage, detail: "the session's tokens are gone") }
    return tokens
  }

  /// Starts a session for `account` (ending any other), with `credential` kept for it.
  func start(_ account: Account, provider: String, tokens: SessionTokens, credential: OAuthCredential?) async throws {
    let id = Base64URL.encode(storage.environment.random.bytes(16))
    let (secrets, now, uid) = (storage.secrets, storage.now, account.uid)
    let stored = try tokens.stored()
    let json = String(decoding: try JSONEncoder().encode(account), as: UTF8.self)
    try await storage.withSecrets(
      [Self.journaled(id)] + (credential.map { [JournaledSecret.credential($0.providerID, uid: uid)] } ?? []),
      store: {
        try await secrets.store(stored, for: Self.key(id), label: "AuthDesktop Firebase session")
        if let credential { try await CredentialVault(secrets: secrets).save(credential, uid: uid) }
      }
    ) { db -> ((), removed: [JournaledSecret]) in
      let ended = try Self.end(db, at: now)
      try db.execute(
        sql: "INSERT INTO firebaseSession (id, uid, signInProvider, account, createdAt) VALUES (?, ?, ?, ?, ?)",
        arguments: [id, uid, provider, json, now])
      if let credential { try ProviderCredentials.record(db, uid: uid, providerID: credential.providerID, at: now) }
      return ((), ended)
    }
  }

  /// Updates the active session `session`: new tokens (an answer that issued them), the account as now
  /// looked up, a provider credential kept or forgotten.
  func update(
    _ session: Active, account: Account, tokens: SessionTokens? = nil, keeping credential: OAuthCredential? = nil,
    forgetting forgotten: String? = nil
  ) async throws {
    let (secrets, now, uid, id) = (storage.secrets, storage.now, session.uid, session.id)
    let stored = try tokens?.stored()
    let json = String(decoding: try JSONEncoder().encode(account), as: UTF8.self)
    try await storage.withSecrets(
      credential.map { [JournaledSecret.credential($0.providerID, uid: uid)] } ?? [],
      store: {
        if let stored { try await secrets.store(stored, for: Self.key(id), label: "AuthDesktop Firebase session") }
        if let credential { try await CredentialVault(secrets: secrets).save(credential, uid: uid) }
      }
    ) { db -> ((), removed: [JournaledSecret]) in
      try db.execute(sql: "UPDATE firebaseSession SET account = ? WHERE id = ?", arguments: [json, id])
      if let credential { try ProviderCredentials.record(db, uid: uid, providerID: credential.providerID, at: now) }
      return ((), try forgotten.map { try ProviderCredentials.forget(db, uid: uid, providerID: $0) } ?? [])
    }
  }

  /// Replaces the tokens of `session` (a refresh): the secret is rewritten in place.
  func replaceTokens(of session: Active, with tokens: SessionTokens) async throws {
    try await storage.secrets.store(tokens.stored(), for: Self.key(session.id), label: "AuthDesktop Firebase session")
  }

  /// Ends the active session; with `forgettingCredentialsOf`, that account's provider credentials go too
  /// (the account was deleted). Returns the uid whose session it was.
  @discardableResult
  func end(forgettingCredentialsOf deleted: String? = nil) async throws -> String? {
    let now = storage.now
    return try await storage.withSecrets([], store: {}) { db -> (String?, removed: [JournaledSecret]) in
      let uid = try Self.active(db)?.uid
      let credentials = try deleted.map { try ProviderCredentials.forgetAll(db, uid: $0) } ?? []
      return (uid, try Self.end(db, at: now) + credentials)
    }
  }

  static func end(_ db: Database, at now: Date) throws -> [JournaledSecret] {
    let ids = try String.fetchAll(db, sql: "SELECT id FROM firebaseSession WHERE endedAt IS NULL")
    try db.execute(sql: "UPDATE firebaseSession SET endedAt = ? WHERE endedAt IS NULL", arguments: [now])
    return ids.map(journaled)
  }
}
