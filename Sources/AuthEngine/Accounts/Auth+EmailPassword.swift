import Foundation

/// Email and password (Firebase's `createUser(withEmail:password:)`, `signIn(withEmail:password:)`,
/// `User.link(with: EmailAuthProvider…)`, `User.updatePassword(to:)`).
extension Auth {
  /// A new account with this email and password, signed in.
  public func createUser(email: String, password: Password) async throws -> AuthDataResult {
    try passwordSignedIn(try await backend.signUp(email: Self.trimmed(email), password: password, linkingTo: nil))
  }

  /// Signs in with an email and password.
  public func signIn(email: String, password: Password) async throws -> AuthDataResult {
    try passwordSignedIn(try await backend.signInWithPassword(email: Self.trimmed(email), password: password))
  }

  /// Adds email/password sign-in to the signed-in `uid`, the current user when nil (CLI
  /// `sign-in-email EMAIL --link`); the email becomes the user's and must not be another account's.
  /// `auth/provider-already-linked` when the user has a password already (checked here, as the
  /// Firebase SDKs do).
  public func linkPassword(email: String, password: Password, uid: String? = nil) async throws -> User {
    let account = try await requireAccount(uid)
    guard !account.hasProvider(Accounts.password) else {
      throw AuthError(.providerAlreadyLinked, origin: .request, providerID: Accounts.password)
    }
    let linked = try await endingSessionOnRejection {
      try await backend.signUp(email: Self.trimmed(email), password: password, linkingTo: account.uid)
    }
    await notifyCurrent()
    return User(linked.account, auth: self)
  }

  /// Sets a new password (needs a recent sign-in); adds the `password` method if the user had none.
  func updatePassword(uid: String, to password: Password) async throws {
    _ = try await requireAccount(uid)
    _ = try await endingSessionOnRejection { try await backend.update(uid: uid, .password(password)) }
    await notifyCurrent()
  }

  /// An email as typed, without the spaces around it (both backends compare addresses lowercased).
  static func trimmed(_ email: String) -> String { email.trimmingCharacters(in: .whitespacesAndNewlines) }

  private func passwordSignedIn(_ signedIn: SignedIn) throws -> AuthDataResult {
    environment.logger.info("signed in", metadata: ["provider": "password", "new": "\(signedIn.isNewUser)"])
    notify(signedIn.account)
    return AuthDataResult(
      user: User(signedIn.account, auth: self), credential: nil,
      additionalUserInfo: AdditionalUserInfo(
        providerID: Accounts.password, profile: [:], username: nil, isNewUser: signedIn.isNewUser))
  }
}
