import Foundation

/// Provider credentials kept in the `SecretStore`, one item per identity: the access token, refresh
/// token and token secret travel together, so a rotated refresh token (RFC 6749 §10.4, RFC 9700 §4.14)
/// replaces the old one in a single write — never a new access token beside a stale refresh token.
/// With a `refreshLock`, refreshes of one credential (`AuthorizationService.validCredential`) happen one
/// at a time across threads and processes; without one, the caller serializes them. `Auth`'s vault also
/// gives the credential's row a new revision at every save and delete, and reads for use through its
/// `CredentialCache`.
public struct CredentialVault: Sendable {
  public static let namespace = "credential"
  let secrets: any SecretStore
  let refreshLock: RefreshLock?
  let rows: AccountStorage?
  let cache: CredentialCache?

  public init(secrets: any SecretStore, refreshLock: RefreshLock? = nil) {
    self.init(secrets: secrets, refreshLock: refreshLock, rows: nil, cache: nil)
  }

  init(secrets: any SecretStore, refreshLock: RefreshLock?, rows: AccountStorage?, cache: CredentialCache?) {
    self.secrets = secrets
    self.refreshLock = refreshLock
    self.rows = rows
    self.cache = cache
  }

  /// The store key of `providerID`'s credential for federated user `uid`: a hash, so the keyring's
  /// attributes name no account.
  public static func key(providerID: String, uid: String) -> SecretKey {
    SecretKey(namespace: namespace, id: Digests.sha256Hex("\(providerID)\n\(uid)"))
  }

  public func save(_ credential: OAuthCredential, uid: String) async throws {
    let stored = StoredCredential(credential)
    let json = String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    try await secrets.store(
      StoredSecret(json), for: Self.key(providerID: credential.providerID, uid: uid),
      label: "AuthDesktop \(credential.providerID) credential")
    try await changed(providerID: credential.providerID, uid: uid)
  }

  public func load(providerID: String, uid: String) async throws -> OAuthCredential? {
    guard let secret = try await secrets.load(Self.key(providerID: providerID, uid: uid)) else { return nil }
    guard let stored = try? JSONDecoder().decode(StoredCredential.self, from: Data(secret.reveal().utf8)) else {
      throw AuthError(.storageFailure, origin: .storage, detail: "a stored credential is unreadable")
    }
    return stored.credential(providerID: providerID)
  }

  /// `load`, from the cache while the credential's row keeps the revision it was read at
  /// (`CredentialCache`); without a cache, or without a row, from the secret store.
  func loadForUse(providerID: String, uid: String) async throws -> OAuthCredential? {
    guard let rows, let cache else { return try await load(providerID: providerID, uid: uid) }
    let key = Self.key(providerID: providerID, uid: uid).id
    let revision = try await rows.read { db in try ProviderCredentials.revision(db, uid: uid, providerID: providerID) }
    guard let revision else {
      cache.forget(key)
      return try await load(providerID: providerID, uid: uid)
    }
    if let kept = cache.credential(key, revision: revision) { return kept }
    let credential = try await load(providerID: providerID, uid: uid)
    if let credential { cache.keep(credential, key, revision: revision) } else { cache.forget(key) }
    return credential
  }

  /// After a write of the secret: a new revision for its row, so that every process's cache reads it again.
  private func changed(providerID: String, uid: String) async throws {
    cache?.forget(Self.key(providerID: providerID, uid: uid).id)
    guard let rows else { return }
    try await rows.write { db in try ProviderCredentials.changed(db, uid: uid, providerID: providerID) }
  }

  /// `body` holding the refresh lock of this credential (`RefreshLock`), or at once without one.
  func whileRefreshing<T: Sendable>(
    providerID: String, uid: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async throws -> T {
    guard let refreshLock else { return try await body() }
    return try await refreshLock.holding(
      "credential-" + Self.key(providerID: providerID, uid: uid).id, isolation: isolation, body)
  }

  public func delete(providerID: String, uid: String) async throws {
    try await secrets.delete(Self.key(providerID: providerID, uid: uid))
    try await changed(providerID: providerID, uid: uid)
  }
}

/// The serialised form inside one secret item. Never written anywhere else.
struct StoredCredential: Codable {
  var accessToken: String?
  var idToken: String?
  var secret: String?
  var refreshToken: String?
  var expiresAt: Date?
  var scopes: [String]
  var tokenType: String?
  var rawNonce: String?
  /// Written only when true: an item without it reads as not refused.
  var refused: Bool?

  init(_ credential: OAuthCredential) {
    accessToken = credential.accessToken?.reveal()
    idToken = credential.idToken?.reveal()
    secret = credential.secret?.reveal()
    refreshToken = credential.refreshToken?.reveal()
    expiresAt = credential.expiresAt
    scopes = credential.scopes
    tokenType = credential.tokenType
    rawNonce = credential.rawNonce?.reveal()
    refused = credential.refused ? true : nil
  }

  func credential(providerID: String) -> OAuthCredential {
    var credential = OAuthCredential(
      providerID: providerID, accessToken: accessToken.map(AccessToken.init), idToken: idToken.map(IDToken.init),
      secret: secret.map(OAuthTokenSecret.init), refreshToken: refreshToken.map(RefreshToken.init),
      expiresAt: expiresAt, scopes: scopes, tokenType: tokenType)
    credential.rawNonce = rawNonce.map(Nonce.init)
    credential.refused = refused ?? false
    return credential
  }
}
