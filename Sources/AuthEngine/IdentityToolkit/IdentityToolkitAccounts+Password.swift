import Foundation

/// Email and password in a Firebase project: `accounts:signUp` (a new account, or with the signed-in
/// user's `idToken` a password linked onto it — not `update`, which email-enumeration protection
/// refuses) and `accounts:signInWithPassword`.
extension IdentityToolkitAccounts {
  func signUp(email: String, password: Password, linkingTo uid: String?) async throws -> SignedIn {
    var fields: [String: JSONValue] = [
      "email": .string(email), "password": .string(password.reveal()), "returnSecureToken": .bool(true),
    ]
    guard let uid else {
      let answer = try await emailInUse(email) { try await client.accounts("signUp", fields) }
      let tokens = try SessionTokens.required(answer, now: now, of: "signUp")
      let account = try await lookup(tokens.idToken, of: nil)
      try await sessions.start(account, provider: Accounts.password, tokens: tokens, credential: nil)
      return SignedIn(account: account, isNewUser: true)
    }
    let session = try await requireSession(uid)
    fields["idToken"] = .string(try await idToken(uid: uid, forceRefresh: false).reveal())
    let answer = try await emailInUse(email) {
      try await endingSession(of: uid) { try await client.accounts("signUp", fields) }
    }
    let tokens = try SessionTokens.required(answer, now: now, of: "signUp")
    let account = try await lookup(tokens.idToken, of: uid)
    try await sessions.update(session, account: account, tokens: tokens)
    return SignedIn(account: account, isNewUser: false)
  }

  func signInWithPassword(email: String, password: Password) async throws -> SignedIn {
    let answer = try await client.accounts(
      "signInWithPassword",
      ["email": .string(email), "password": .string(password.reveal()), "returnSecureToken": .bool(true)])
    if let resolver = try MultiFactorAnswer.resolver(answer, firstFactor: Accounts.password) {
      throw AuthError.multiFactorRequired(resolver)
    }
    let tokens = try SessionTokens.required(answer, now: now, of: "signInWithPassword")
    let account = try await lookup(tokens.idToken, of: nil)
    try await sessions.start(account, provider: Accounts.password, tokens: tokens, credential: nil)
    return SignedIn(account: account, isNewUser: false)
  }

  /// `EMAIL_EXISTS` carries the address, as the local store's `auth/email-already-in-use`.
  private func emailInUse<T: Sendable>(_ email: String, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as AuthError where error.code == .emailAlreadyInUse {
      throw AuthError(
        .emailAlreadyInUse, origin: .accountServer, payload: .emailInUse(EmailAddress.normalize(email) ?? email),
        detail: error.detail)
    }
  }
}
