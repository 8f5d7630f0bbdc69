import Foundation

/// The account layer of a second factor: only a Firebase project has one (the local store refuses
/// with `auth/operation-not-allowed`).
protocol MultiFactorBackend: AccountBackend {
  /// `mfaEnrollment:start` with `totpEnrollmentInfo` for the signed-in account `uid`.
  func startTOTPEnrollment(uid: String) async throws -> TOTPSecret
  /// `mfaEnrollment:finalize` with the code from the authenticator app.
  func finalizeTOTPEnrollment(uid: String, _ secret: TOTPSecret, code: String, displayName: String?) async throws
    -> Account
  /// `mfaEnrollment:withdraw`.
  func withdrawMFA(uid: String, enrollmentID: String) async throws -> Account
  /// The account's second factors as the project has them now (`accounts:lookup`).
  func multiFactors(uid: String) async throws -> [MultiFactorInfo]
  /// `mfaSignIn:finalize`: the first factor's pending credential and a code become the session.
  func finalizeMFASignIn(_ resolver: MultiFactorResolver, enrollmentID: String, code: String) async throws -> SignedIn
}

extension IdentityToolkitAccounts: MultiFactorBackend {
  func startTOTPEnrollment(uid: String) async throws -> TOTPSecret {
    let idToken = try await idToken(uid: uid, forceRefresh: false)
    let answer = try await endingSession(of: uid) {
      try await client.accountsV2(
        "mfaEnrollment:start", ["idToken": .string(idToken.reveal()), "totpEnrollmentInfo": .object([:])])
    }
    return try MultiFactorAnswer.totpSecret(answer)
  }

  func finalizeTOTPEnrollment(uid: String, _ secret: TOTPSecret, code: String, displayName: String?) async throws
    -> Account
  {
    let idToken = try await idToken(uid: uid, forceRefresh: false)
    var fields: [String: JSONValue] = [
      "idToken": .string(idToken.reveal()),
      "totpVerificationInfo": .object([
        "sessionInfo": .string(secret.sessionInfo.reveal()), "verificationCode": .string(code),
      ]),
    ]
    if let displayName { fields["displayName"] = .string(displayName) }
    return try await renewing(uid) { try await client.accountsV2("mfaEnrollment:finalize", fields) }
  }

  func withdrawMFA(uid: String, enrollmentID: String) async throws -> Account {
    let idToken = try await idToken(uid: uid, forceRefresh: false)
    return try await renewing(uid) {
      try await client.accountsV2(
        "mfaEnrollment:withdraw", ["idToken": .string(idToken.reveal()), "mfaEnrollmentId": .string(enrollmentID)])
    }
  }

  func multiFactors(uid: String) async throws -> [MultiFactorInfo] {
    let idToken = try await idToken(uid: uid, forceRefresh: false)
    let answer = try await endingSession(of: uid) {
      try await client.accounts("lookup", ["idToken": .string(idToken.reveal())])
    }
    return MultiFactorAnswer.factors(answer["users"]?.array?.first?["mfaInfo"])
  }

  func finalizeMFASignIn(_ resolver: MultiFactorResolver, enrollmentID: String, code: String) async throws -> SignedIn {
    let answer = try await client.accountsV2(
      "mfaSignIn:finalize",
      [
        "mfaPendingCredential": .string(resolver.session.reveal()), "mfaEnrollmentId": .string(enrollmentID),
        "totpVerificationInfo": .object(["verificationCode": .string(code)]),
      ])
    let tokens = try SessionTokens.required(answer, now: now, of: "mfaSignIn:finalize")
    let account = try await lookup(tokens.idToken, of: resolver.reauthenticating)
    if let uid = resolver.reauthenticating {
      guard account.uid == uid else {
        throw AuthError(.userMismatch, origin: .request, providerID: resolver.firstFactor)
      }
      try await sessions.update(
        try await requireSession(uid), account: account, tokens: tokens, keeping: resolver.credential)
    } else {
      try await sessions.start(account, provider: resolver.firstFactor, tokens: tokens, credential: resolver.credential)
    }
    return SignedIn(account: account, isNewUser: false)
  }

  /// A call with the session's ID token that answers new tokens (`idToken`, `refreshToken`): they
  /// replace the session's, and the account is looked up again.
  private func renewing(_ uid: String, _ call: () async throws -> JSONValue) async throws -> Account {
    let session = try await requireSession(uid)
    let answer = try await endingSession(of: uid) { try await call() }
    let tokens = try SessionTokens(answer, now: now)
    let current: IDToken
    if let tokens { current = tokens.idToken } else { current = try await idToken(uid: uid, forceRefresh: false) }
    let account = try await lookup(current, of: uid)
    try await sessions.update(session, account: account, tokens: tokens)
    return account
  }
}
