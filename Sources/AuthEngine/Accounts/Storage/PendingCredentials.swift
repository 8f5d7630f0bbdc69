import Foundation
import GRDB

/// The credential kept by `account-exists-with-different-credential`: its row (email, provider, ids)
/// in SQLite, the tokens, profile and Identity Toolkit's `pendingToken` in the secret store under
/// `pending-credential/<id>`, for 10 minutes. Both account backends keep it the same way; `Auth`
/// links it (`linkPendingCredential()`) once the account of that email is signed in.
struct PendingCredentials: Sendable {
  static let namespace = "pending-credential"
  static let lifetime: TimeInterval = 600
  let storage: AccountStorage

  func keep(_ result: ProviderSignInResult, email: String, pendingToken: PendingToken?) async throws {
    await dropExpired()
    let id = Base64URL.encode(storage.environment.random.bytes(16))
    let key = SecretKey(namespace: Self.namespace, id: id)
    let blob = PendingCredentialBlob(result, pendingToken: pendingToken)
    let stored = StoredSecret(String(decoding: try JSONEncoder().encode(blob), as: UTF8.self))
    let now = storage.now
    let secrets = storage.secrets
    try await storage.withSecrets(
      [JournaledSecret(key: key, reference: .pendingCredential(id))],
      store: {
        try await secrets.store(
          stored, for: key, label: "AuthDesktop credential waiting to be linked (\(result.identity.providerID))")
      }
    ) { db -> ((), removed: [JournaledSecret]) in
      try PendingCredentialRecord(
        id: id, email: email, providerID: result.identity.providerID, federatedID: result.identity.uid,
        createdAt: now, expiresAt: now + Self.lifetime
      ).insert(db)
      return ((), [])
    }
  }

  /// The newest pending credential kept for one of `emails` that has not expired, with its id (drop
  /// it once linked). Expired ones met on the way are dropped. Nil when none waits.
  func newest(for emails: Set<String>) async throws -> (id: String, request: PendingCredentialBlob)? {
    let now = storage.now
    let candidates = try await storage.read { db in
      try PendingCredentialRecord.order(Column("createdAt").desc).fetchAll(db).filter { emails.contains($0.email) }
    }
    for record in candidates where record.expiresAt <= now { await drop(record.id) }
    guard let record = candidates.first(where: { $0.expiresAt > now }) else { return nil }
    let key = SecretKey(namespace: Self.namespace, id: record.id)
    guard let stored = try await storage.secrets.load(key),
      let blob = try? JSONDecoder().decode(PendingCredentialBlob.self, from: Data(stored.reveal().utf8))
    else {
      await drop(record.id)
      throw AuthError(.noPendingCredential, origin: .storage, detail: "its secrets are missing")
    }
    return (record.id, blob)
  }

  func dropExpired() async {
    let now = storage.now
    let expired =
      (try? await storage.read { db in
        try String.fetchAll(db, sql: "SELECT id FROM pendingCredential WHERE expiresAt <= ?", arguments: [now])
      }) ?? []
    for id in expired { await drop(id) }
  }

  func drop(_ id: String) async {
    let key = SecretKey(namespace: Self.namespace, id: id)
    _ = try? await storage.withSecrets([], store: {}) { db -> ((), removed: [JournaledSecret]) in
      _ = try PendingCredentialRecord.deleteOne(db, key: id)
      return ((), [JournaledSecret(key: key, reference: .pendingCredential(id))])
    }
  }
}

/// A `ProviderSignInResult` (and the `pendingToken` Identity Toolkit gave for it) as stored in the
/// secret store.
struct PendingCredentialBlob: Codable {
  var credential: StoredCredential
  var providerID: String
  var identity: FederatedIdentity
  var profile: [String: JSONValue]
  var intent: SignInIntent
  var pendingToken: String?

  init(_ result: ProviderSignInResult, pendingToken: PendingToken?) {
    credential = StoredCredential(result.credential)
    providerID = result.credential.providerID
    identity = result.identity
    profile = result.additionalUserInfo.profile
    intent = result.intent
    self.pendingToken = pendingToken?.reveal()
  }

  var result: ProviderSignInResult {
    ProviderSignInResult(
      credential: credential.credential(providerID: providerID), identity: identity,
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: profile, username: identity.username),
      intent: intent)
  }
}
