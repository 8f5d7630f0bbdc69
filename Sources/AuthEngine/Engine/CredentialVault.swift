import Foundation

/// Provider credentials kept in the `SecretStore`, one item per identity: the access token, refresh
/// token and token secret travel together, so a rotated refresh token (RFC 6749 §10.4, RFC 9700 §4.14)
/// replaces the old one in a single write — never a new access token beside a stale refresh token.
/// With a `refreshLock`, refreshes of one credential (`AuthorizationService.validCredential`) happen one
/// at a time across threads and processes; without one, the caller serializes them.
public struct CredentialVault: Sendable {
  public static let namespace = "credential"
  let secrets: any SecretStore
  let refreshLock: RefreshLock?

  public init(secrets: any SecretStore, refreshLock: RefreshLock? = nil) {
    self.secrets = secrets
    self.refreshLock = refreshLock
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
  }

  public func load(providerID: String, uid: String) async throws -> OAuthCredential? {
    guard let secret = try await secrets.load(Self.key(providerID: providerID, uid: uid)) else { return nil }
    guard let stored = try? JSONDecoder().decode(StoredCredential.self, from: Data(secret.reveal().utf8)) else {
      throw AuthError(.storageFailure, origin: .storage, detail: "a stored credential is unreadable")
    }
    return stored.credential(providerID: providerID)
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
