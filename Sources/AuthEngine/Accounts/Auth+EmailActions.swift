import Foundation

/// The emails a Firebase project sends and the codes they carry (Firebase's
/// `sendPasswordReset(withEmail:)`, `User.sendEmailVerification()`, `confirmPasswordReset(withCode:
/// newPassword:)`, `applyActionCode(_:)`). The local store sends no email: each refuses with
/// `auth/operation-not-allowed` (payload `.needsFirebase(.email)`).
extension Auth {
  /// Asks the project to email a password-reset code to `email`. Under email-enumeration protection an
  /// address no account has answers as one that has (nothing tells them apart).
  public func sendPasswordReset(toEmail email: String) async throws {
    try await backend.sendOobCode(.passwordReset(email: Self.trimmed(email)))
  }

  /// Sets a new password with the code of a password-reset email; returns the account's email. Earlier
  /// sessions of that account end (the project revokes them).
  @discardableResult
  public func confirmPasswordReset(code: ActionCode, newPassword: Password) async throws -> String {
    try await backend.resetPassword(code: code, newPassword: newPassword)
  }

  /// Applies the code of a verification email: the address becomes verified. The signed-in account
  /// is read again, and the change announced.
  public func applyEmailVerification(code: ActionCode) async throws {
    if let account = try await backend.applyEmailVerification(code: code) { notify(account) }
  }

  /// Asks the project to email a verification code to `uid`'s address (it must have one).
  func sendEmailVerification(uid: String) async throws {
    guard try await requireAccount(uid).email != nil else {
      throw AuthError(.invalidEmail, origin: .request, detail: "the account has no email address")
    }
    try await endingSessionOnRejection { try await backend.sendOobCode(.verifyEmail(uid: uid)) }
  }
}
