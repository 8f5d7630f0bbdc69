import Foundation
import GRDB

/// The credential kept by `account-exists-with-different-credential`: its row (email, provider, ids)
/// in SQLite, the tokens and profile in the secret store under `pending-credential/<id>`, for 10 minutes.
extension Auth {
  static let pendingCredentialNamespace = "pending-credential"

  func keepPendingCredential(_ result: ProviderSignInResult, email: String) async throws {
    await dropExpiredPendingCredentials()
    let id = Base64URL.encode(environment.random.bytes(16))
    let key = SecretKey(namespace: Self.pendingCredentialNamespace, id: id)
    let blob = StoredSecret(String(decoding: try JSONEncoder().encode(PendingCredentialBlob(result)), as: UTF8.self))
    let now = self.now
    try await withSecrets(
      [JournaledSecret(key: key, reference: .pendingCredential(id))],
      store: {
        try await environment.secrets.store(
          blob, for: key, label: "AuthDesktop credential waiting to be linked (\(result.identity.providerID))")
      }
    ) { db -> ((), removed: [JournaledSecret]) in
      try PendingCredentialRecord(
        id: id, email: email, providerID: result.identity.providerID, federatedID: result.identity.uid,
        createdAt: now, expiresAt: now + Auth.pendingCredentialLifetime
      ).insert(db)
      return ((), [])
    }
  }

  /// After signing in with the existing account's method: links the credential that hit
  /// `account-exists-with-different-credential` to the current user, in one call (CLI `link-pending`).
  public func linkPendingCredential() async throws -> AuthDataResult {
    guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
    let now = self.now
    let uid = user.uid
    let candidates = try await read { db -> [PendingCredentialRecord] in
      let owned = try PendingCredentialRecord.order(Column("createdAt").desc).fetchAll(db)
      return try owned.filter { try Accounts.owners(db, email: $0.email).contains(uid) }
    }
    for record in candidates where record.expiresAt <= now { await dropPendingCredential(record.id) }
    guard let record = candidates.first(where: { $0.expiresAt > now }) else {
      throw AuthError(.noPendingCredential, origin: .request)
    }
    let key = SecretKey(namespace: Self.pendingCredentialNamespace, id: record.id)
    guard let stored = try await environment.secrets.load(key),
      let blob = try? JSONDecoder().decode(PendingCredentialBlob.self, from: Data(stored.reveal().utf8))
    else {
      await dropPendingCredential(record.id)
      throw AuthError(.noPendingCredential, origin: .storage, detail: "its secrets are missing")
    }
    let result = try await link(uid: uid, with: blob.result)
    await dropPendingCredential(record.id)
    return result
  }

  func dropExpiredPendingCredentials() async {
    let now = self.now
    let expired =
      (try? await read { db in
        try String.fetchAll(db, sql: "SELECT id FROM pendingCredential WHERE expiresAt <= ?", arguments: [now])
      }) ?? []
    for id in expired { await dropPendingCredential(id) }
  }

  func dropPendingCredential(_ id: String) async {
    let key = SecretKey(namespace: Self.pendingCredentialNamespace, id: id)
    _ = try? await withSecrets([], store: {}) { db -> ((), removed: [JournaledSecret]) in
      _ = try PendingCredentialRecord.deleteOne(db, key: id)
      return ((), [JournaledSecret(key: key, reference: .pendingCredential(id))])
    }
  }
}

/// A `ProviderSignInResult` as stored in the secret store.
struct PendingCredentialBlob: Codable {
  var credential: StoredCredential
  var providerID: String
  var identity: FederatedIdentity
  var profile: [String: JSONValue]
  var intent: SignInIntent

  init(_ result: ProviderSignInResult) {
    credential = StoredCredential(result.credential)
    providerID = result.credential.providerID
    identity = result.identity
    profile = result.additionalUserInfo.profile
    intent = result.intent
  }

  var result: ProviderSignInResult {
    ProviderSignInResult(
      credential: credential.credential(providerID: providerID), identity: identity,
      additionalUserInfo: AdditionalUserInfo(providerID: providerID, profile: profile, username: identity.username),
      intent: intent)
  }
}
