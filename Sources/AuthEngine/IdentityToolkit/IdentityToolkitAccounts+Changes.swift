import Foundation

/// `accounts:update` (unlink = `deleteProvider`, password change = `password`) and `accounts:delete`,
/// with the signed-in user's ID token.
extension IdentityToolkitAccounts {
  func update(uid: String, _ change: AccountChange) async throws -> Account {
    let session = try await requireSession(uid)
    var fields: [String: JSONValue] = [
      "idToken": .string(try await idToken(uid: uid, forceRefresh: false).reveal()), "returnSecureToken": .bool(true),
    ]
    var forgotten: String?
    switch change {
    case .deleteProvider(let providerID):
      fields["deleteProvider"] = .array([.string(providerID)])
      forgotten = providerID
    case .password(let password):
      fields["password"] = .string(password.reveal())
    }
    let answer = try await endingSession(of: uid) { try await client.accounts("update", fields) }
    // A password change revokes the earlier tokens and answers with new ones.
    let tokens = try SessionTokens(answer, now: now)
    let current = tokens?.idToken
    let account = try await lookup(
      current == nil ? try await idToken(uid: uid, forceRefresh: false) : current!, of: uid)
    try await sessions.update(session, account: account, tokens: tokens, forgetting: forgotten)
    return account
  }

  func delete(uid: String) async throws {
    _ = try await requireSession(uid)
    let token = try await idToken(uid: uid, forceRefresh: false)
    _ = try await endingSession(of: uid) { try await client.accounts("delete", ["idToken": .string(token.reveal())]) }
    try await sessions.end(of: uid, forgettingCredentialsOf: uid)
  }
}
