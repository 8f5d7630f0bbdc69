import Foundation

/// The project's emails and their codes: `accounts:sendOobCode` (`PASSWORD_RESET` with the email,
/// `VERIFY_EMAIL` with the signed-in user's ID token), `accounts:resetPassword` (the code and the new
/// password) and `accounts:update` with a verification code. Under email-enumeration protection a
/// reset for an unknown address answers as for a known one; the client adds no hint.
extension IdentityToolkitAccounts {
  func sendOobCode(_ request: OobRequest) async throws {
    switch request {
    case .passwordReset(let email):
      _ = try await client.accounts("sendOobCode", ["requestType": .string("PASSWORD_RESET"), "email": .string(email)])
    case .verifyEmail(let uid):
      _ = try await requireSession(uid)
      let token = try await idToken(uid: uid, forceRefresh: false)
      _ = try await endingSession(of: uid) {
        try await client.accounts(
          "sendOobCode", ["requestType": .string("VERIFY_EMAIL"), "idToken": .string(token.reveal())])
      }
    }
  }

  func resetPassword(code: ActionCode, newPassword: Password) async throws -> String {
    let answer = try await client.accounts(
      "resetPassword", ["oobCode": .string(code.reveal()), "newPassword": .string(newPassword.reveal())])
    guard let email = answer["email"]?.string else {
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, detail: "resetPassword answered without an email")
    }
    return email
  }

  /// The code verifies the address it was sent to, whoever is signed in here; the current user's
  /// account (if any) is looked up again, so `status` shows the change.
  func applyEmailVerification(code: ActionCode) async throws -> Account? {
    _ = try await client.accounts("update", ["oobCode": .string(code.reveal())])
    guard let session = try await sessions.current() else { return nil }
    let account = try await lookup(try await idToken(uid: session.uid, forceRefresh: false), of: session.uid)
    try await sessions.update(session, account: account)
    return account
  }
}
