import Foundation
import GRDB

/// The Identity Toolkit backend's state on this machine: one active session per signed-in user
/// (`firebaseSession` row: the uid Firebase assigned, and the account as last looked up; the current
/// user's is the one of highest rank, `SeveralUsersSchema`), each with its tokens in the secret store
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

  /// The current user's session.
  func current() async throws -> Active? {
    try await storage.read { db in try Self.current(db) }
  }

  /// The active session of `uid`, if `uid` is signed in.
  func session(of uid: String) async throws -> Active? {
    try await storage.read { db in try Self.session(db, of: uid) }
  }

  static func session(_ db: Database, of uid: String) throws -> Active? {
    try Row.fetchOne(
      db, sql: "SELECT id, uid, account FROM firebaseSession WHERE endedAt IS NULL AND uid = ?", arguments: [uid]
    ).map(active)
  }

  /// Every signed-in user's session, in the order they signed in, and the current one's uid.
  func all() async throws -> SignedInAccounts {
    try await storage.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT id, uid, account, currentRank FROM firebaseSession WHERE endedAt IS NULL
          ORDER BY createdAt, rowid
          """)
      let current = rows.max { ($0["currentRank"] as Int64) < ($1["currentRank"] as Int64) }
      return SignedInAccounts(accounts: try rows.map { try Self.active($0).account }, currentUID: current?["uid"])
    }
  }

  static func current(_ db: Database) throws -> Active? {
    try Row.fetchOne(
      db, sql: "SELECT id, uid, account FROM firebaseSession WHERE endedAt IS NULL ORDER BY currentRank DESC LIMIT 1"
    ).map(active)
  }

  static func active(_ row: Row) throws -> Active {
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

  /// Starts a session for `account` as the current user (ending only that account's earlier session),
  /// with `credential` kept for it.
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
      let ended = try Self.end(db, of: uid, at: now)
      try db.execute(
        sql: """
          INSERT INTO firebaseSession (id, uid, signInProvider, account, createdAt, currentRank)
          VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(currentRank), 0) + 1 FROM firebaseSession))
          """,
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

  /// Ends the session of `uid` (every session when nil); with `forgettingCredentialsOf`, that
  /// account's provider credentials go too (the account was deleted). Returns the uids whose sessions
  /// ended.
  @discardableResult
  func end(of uid: String?, forgettingCredentialsOf deleted: String? = nil) async throws -> [String] {
    let now = storage.now
    return try await storage.withSecrets([], store: {}) { db -> ([String], removed: [JournaledSecret]) in
      let which = uid == nil ? "" : " AND uid = ?"
      let uids = try String.fetchAll(
        db, sql: "SELECT uid FROM firebaseSession WHERE endedAt IS NULL\(which)", arguments: uid.map { [$0] } ?? [])
      let credentials = try deleted.map { try ProviderCredentials.forgetAll(db, uid: $0) } ?? []
      try AppGrantsSchema.drop(db, uids: uids)
      return (uids, try Self.end(db, of: uid, at: now) + credentials)
    }
  }

  /// Makes `uid`'s session the current one.
  func makeCurrent(uid: String) async throws -> Account {
    try await storage.write { db in
      guard let session = try Self.session(db, of: uid) else { throw AuthError(.noCurrentUser, origin: .request) }
      try db.execute(
        sql: """
          UPDATE firebaseSession SET currentRank = (SELECT MAX(currentRank) + 1 FROM firebaseSession) WHERE id = ?
          """, arguments: [session.id])
      return session.account
    }
  }

  static func end(_ db: Database, of uid: String?, at now: Date) throws -> [JournaledSecret] {
    let which = uid == nil ? "endedAt IS NULL" : "endedAt IS NULL AND uid = ?"
    let arguments: StatementArguments = uid.map { [$0] } ?? []
    let ids = try String.fetchAll(db, sql: "SELECT id FROM firebaseSession WHERE \(which)", arguments: arguments)
    try db.execute(
      sql: "UPDATE firebaseSession SET endedAt = ? WHERE \(which)", arguments: StatementArguments([now]) + arguments)
    return ids.map(journaled)
  }
}
