import Foundation

/// A second factor, TOTP (Firebase's `MultiFactor` and `MultiFactorResolver`, Identity Platform):
/// enroll, list and unenroll for the signed-in user, and finish a sign-in that answered
/// `auth/multi-factor-auth-required`. Only a Firebase project has second factors; the local store
/// answers `auth/operation-not-allowed`.
extension Auth {
  /// Begins a TOTP enrollment for the signed-in user (needs a verified email and a recent sign-in):
  /// the secret to show, as text and as `TOTPSecret.otpauthURI(accountName:issuer:)`.
  public func startTOTPEnrollment() async throws -> TOTPSecret {
    let (backend, uid) = try await multiFactorBackend()
    return try await endingSessionOnRejection { try await backend.startTOTPEnrollment(uid: uid) }
  }

  /// Finishes the enrollment with a code from the authenticator app.
  public func finishTOTPEnrollment(_ secret: TOTPSecret, code: String, displayName: String? = nil) async throws
    -> User
  {
    let (backend, uid) = try await multiFactorBackend()
    let code = try Self.verificationCode(code)
    let account = try await endingSessionOnRejection {
      try await backend.finalizeTOTPEnrollment(uid: uid, secret, code: code, displayName: displayName)
    }
    environment.logger.info("second factor enrolled", metadata: ["factor": "totp"])
    notify(account)
    return User(account, auth: self)
  }

  /// The signed-in user's second factors, as the project has them now.
  public func multiFactors() async throws -> [MultiFactorInfo] {
    let (backend, uid) = try await multiFactorBackend()
    return try await endingSessionOnRejection { try await backend.multiFactors(uid: uid) }
  }

  /// Removes a second factor (`MultiFactorInfo.uid`) from the signed-in user.
  public func unenroll(_ enrollmentID: String) async throws {
    let (backend, uid) = try await multiFactorBackend()
    let account = try await endingSessionOnRejection {
      try await backend.withdrawMFA(uid: uid, enrollmentID: enrollmentID)
    }
    environment.logger.info("second factor removed")
    notify(account)
  }

  /// Finishes the sign-in (or reauthentication) that answered `auth/multi-factor-auth-required`, with a
  /// TOTP code for `enrollmentID` (default: the resolver's TOTP factor). A wrong code can be retried
  /// with the same resolver, a few times.
  public func resolveSignIn(_ resolver: MultiFactorResolver, totpCode: String, enrollmentID: String? = nil)
    async throws -> AuthDataResult
  {
    guard let backend = backend as? any MultiFactorBackend else {
      throw LocalAccounts.needsFirebase(.secondFactor)
    }
    guard let factor = enrollmentID ?? resolver.totpFactor?.uid else {
      throw AuthError(.multiFactorInfoNotFound, origin: .request, detail: "the account has no TOTP factor")
    }
    let signedIn = try await backend.finalizeMFASignIn(
      resolver, enrollmentID: factor, code: try Self.verificationCode(totpCode))
    environment.logger.info("signed in", metadata: ["provider": "\(resolver.firstFactor)", "secondFactor": "totp"])
    notify(signedIn.account)
    return AuthDataResult(
      user: User(signedIn.account, auth: self), credential: resolver.credential,
      additionalUserInfo: resolver.additionalUserInfo)
  }

  /// A code as typed: spaces around and inside it dropped; anything but digits is
  /// `auth/invalid-verification-code` before any request.
  static func verificationCode(_ typed: String) throws -> String {
    let code = typed.filter { !$0.isWhitespace }
    guard !code.isEmpty, code.count <= 10, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      throw AuthError(.invalidVerificationCode, origin: .request, detail: "the code is not 6 to 10 digits")
    }
    return code
  }

  private func multiFactorBackend() async throws -> (any MultiFactorBackend, String) {
    guard let account = try await backend.currentAccount() else { throw AuthError(.noCurrentUser, origin: .request) }
    guard let backend = backend as? any MultiFactorBackend else {
      throw LocalAccounts.needsFirebase(.secondFactor)
    }
    return (backend, account.uid)
  }
}
