import Foundation

/// Sign-ins without a provider's browser leg (Firebase's `signInAnonymously()` and
/// `signIn(withCustomToken:)`). An anonymous user becomes a permanent one by linking a provider
/// (`User.link(with:)`) or a password (`linkPassword`): the uid stays.
extension Auth {
  /// A new anonymous account, signed in (`accounts:signUp` without credentials). The Firebase project
  /// must allow anonymous sign-in (`auth/operation-not-allowed` otherwise).
  public func signInAnonymously() async throws -> AuthDataResult {
    signedIn(try await backend.signUpAnonymously(), providerID: Accounts.anonymous)
  }

  /// Signs in with a custom token your backend minted (`accounts:signInWithCustomToken`): the account
  /// with the token's uid, created when new. Only a Firebase project checks it
  /// (`auth/invalid-custom-token`, `auth/custom-token-mismatch`); the local store refuses it with
  /// `auth/operation-not-allowed`.
  public func signIn(withCustomToken token: CustomToken) async throws -> AuthDataResult {
    signedIn(try await backend.signInWithCustomToken(token), providerID: Accounts.custom)
  }

  func signedIn(_ signedIn: SignedIn, providerID: String) -> AuthDataResult {
    environment.logger.info("signed in", metadata: ["provider": "\(providerID)", "new": "\(signedIn.isNewUser)"])
    notify(signedIn.account)
    return AuthDataResult(
      user: User(signedIn.account, auth: self), credential: nil,
      additionalUserInfo: AdditionalUserInfo(
        providerID: providerID, profile: [:], username: nil, isNewUser: signedIn.isNewUser))
  }
}
