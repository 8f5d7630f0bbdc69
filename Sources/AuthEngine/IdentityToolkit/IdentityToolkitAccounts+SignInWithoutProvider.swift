import Foundation

/// Anonymous sign-up (`accounts:signUp` without credentials) and custom tokens
/// (`accounts:signInWithCustomToken`) in a Firebase project. The custom token is sent as it is: only the
/// project can verify its signature, so nothing is checked here (a forged one is the project's
/// `INVALID_CUSTOM_TOKEN`, `auth/invalid-custom-token`).
extension IdentityToolkitAccounts {
  func signUpAnonymously() async throws -> SignedIn {
    let answer = try await client.accounts("signUp", ["returnSecureToken": .bool(true)])
    return try await started(answer, provider: Accounts.anonymous, of: "signUp", isNewUser: true)
  }

  func signInWithCustomToken(_ token: CustomToken) async throws -> SignedIn {
    let answer = try await client.accounts(
      "signInWithCustomToken", ["token": .string(token.reveal()), "returnSecureToken": .bool(true)])
    return try await started(
      answer, provider: Accounts.custom, of: "signInWithCustomToken", isNewUser: answer["isNewUser"]?.bool ?? false)
  }

  /// A new session from a sign-in answer's tokens, with the account as the project now has it.
  private func started(_ answer: JSONValue, provider: String, of operation: String, isNewUser: Bool) async throws
    -> SignedIn
  {
    let tokens = try SessionTokens.required(answer, now: now, of: operation)
    let account = try await lookup(tokens.idToken, of: nil)
    try await sessions.start(account, provider: provider, tokens: tokens, credential: nil)
    return SignedIn(account: account, isNewUser: isNewUser)
  }
}
