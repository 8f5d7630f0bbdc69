import AuthEngine
import Foundation

/// Identity Platform's second factor, TOTP only (REST v2 `accounts/mfaEnrollment:start|finalize|withdraw`
/// and `accounts/mfaSignIn:finalize`), which firebase-tools' emulator does not implement: RFC 6238,
/// 30-second steps, 6 digits, HMAC-SHA-1, one step of drift either way, each code used once.
extension IdentityToolkitOperation {
  /// How long a `sessionInfo` of an enrollment and an `mfaPendingCredential` can be used.
  static let mfaSessionLifetime: TimeInterval = 600
  /// A pending credential is dropped after this many wrong codes (a new first factor is needed).
  static let maxCodeAttempts = 5
  /// Production's limit of second factors per account.
  static let maxEnrollments = 5
  static let unverifiedEmail = "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors."

  /// `mfaEnrollment:start` with `totpEnrollmentInfo`: a new shared secret (160 bits, base 32), held for
  /// 10 minutes under a `sessionInfo`. Needs a first factor that can have a second (not anonymous, not a
  /// custom token), a verified email and a recent sign-in, as production.
  mutating func startMFAEnrollment(_ body: IdentityToolkitBody) throws -> [String: Any] {
    guard let idToken = body.idToken else { throw IdentityToolkitError("MISSING_ID_TOKEN") }
    if body.has("phoneEnrollmentInfo") { throw IdentityToolkitError.notImplemented("SMS second factors are not.") }
    try Self.check(body.fields["totpEnrollmentInfo"]?.object != nil, "INVALID_ARGUMENT : totpEnrollmentInfo")
    let (index, claims) = try parseIDToken(idToken, body)
    let firstFactor = claims["firebase"]?["sign_in_provider"]?.string
    try Self.check(
      firstFactor != "anonymous" && firstFactor != IdentityToolkitAccount.custom,
      "UNSUPPORTED_FIRST_FACTOR : MFA is not supported for the given first factor.")
    try Self.check(state.accounts[index].emailVerified, Self.unverifiedEmail)
    try requireRecentLogin(claims)
    try Self.check((state.accounts[index].mfaInfo ?? []).count < Self.maxEnrollments, "SECOND_FACTOR_LIMIT_EXCEEDED")
    let secret = Base32.encode(random.bytes(20))
    let sessionInfo = "AMf-vB" + random.token(bytes: 40)
    let expiresAt = now + Self.mfaSessionLifetime
    state.totpSessions = state.totpSessions ?? [:]
    state.totpSessions![Self.digest(sessionInfo)] = TOTPEnrollmentSession(
      localId: state.accounts[index].localId, tenantId: state.accounts[index].tenantId, sharedSecretKey: secret,
      expiresAt: expiresAt)
    return [
      "totpSessionInfo": [
        "sharedSecretKey": secret, "verificationCodeLength": 6, "hashingAlgorithm": "SHA1", "periodSec": 30,
        "sessionInfo": sessionInfo, "finalizeEnrollmentTime": IdentityToolkitAccount.iso8601(expiresAt),
      ] as [String: Any]
    ]
  }

  /// `mfaEnrollment:finalize` with `totpVerificationInfo` (`sessionInfo`, `verificationCode`): the
  /// factor is enrolled and the session's tokens are renewed.
  mutating func finalizeMFAEnrollment(_ body: IdentityToolkitBody) throws -> [String: Any] {
    guard let idToken = body.idToken else { throw IdentityToolkitError("MISSING_ID_TOKEN") }
    let info = body.fields["totpVerificationInfo"]
    guard let sessionInfo = info?["sessionInfo"]?.string, !sessionInfo.isEmpty else {
      throw IdentityToolkitError("MISSING_SESSION_INFO")
    }
    guard let code = info?["verificationCode"]?.string, !code.isEmpty else {
      throw IdentityToolkitError("MISSING_CODE")
    }
    let (index, claims) = try parseIDToken(idToken, body)
    guard let session = state.totpSessions?[Self.digest(sessionInfo)],
      session.localId == state.accounts[index].localId, session.tenantId == state.accounts[index].tenantId
    else { throw IdentityToolkitError("INVALID_SESSION_INFO") }
    let totp = TOTP(secret: Base32.decode(session.sharedSecretKey) ?? Data())
    guard let step = totp.matchingStep(code, at: now) else { throw IdentityToolkitError("INVALID_CODE") }
    try Self.check((state.accounts[index].mfaInfo ?? []).count < Self.maxEnrollments, "SECOND_FACTOR_LIMIT_EXCEEDED")
    state.totpSessions?[Self.digest(sessionInfo)] = nil
    let enrollment = MFAEnrollment(
      mfaEnrollmentId: random.alphanumeric(28), displayName: body.text("displayName"),
      enrolledAt: now, sharedSecretKey: session.sharedSecretKey, lastUsedStep: step)
    state.accounts[index].mfaInfo = (state.accounts[index].mfaInfo ?? []) + [enrollment]
    return try renewedTokens(index, claims)
  }

  /// `mfaEnrollment:withdraw`: the factor goes, and every session of the account with it (production
  /// revokes them); the caller's session gets new tokens.
  mutating func withdrawMFA(_ body: IdentityToolkitBody) throws -> [String: Any] {
    guard let idToken = body.idToken else { throw IdentityToolkitError("MISSING_ID_TOKEN") }
    guard let id = body.text("mfaEnrollmentId") else { throw IdentityToolkitError("MISSING_MFA_ENROLLMENT_ID") }
    let (index, claims) = try parseIDToken(idToken, body)
    guard let position = state.accounts[index].mfaInfo?.firstIndex(where: { $0.mfaEnrollmentId == id }) else {
      throw IdentityToolkitError("MFA_ENROLLMENT_NOT_FOUND")
    }
    state.accounts[index].mfaInfo!.remove(at: position)
    state.revokeTokens(of: index, now: now)
    return try renewedTokens(index, claims)
  }

  /// `mfaSignIn:finalize` with `totpVerificationInfo.verificationCode`: the pending credential (single
  /// use) becomes the session the first factor would have started.
  mutating func finalizeMFASignIn(_ body: IdentityToolkitBody) throws -> [String: Any] {
    guard let pending = body.text("mfaPendingCredential") else {
      throw IdentityToolkitError("MISSING_MFA_PENDING_CREDENTIAL")
    }
    guard let enrollmentID = body.text("mfaEnrollmentId") else {
      throw IdentityToolkitError("MISSING_MFA_ENROLLMENT_ID")
    }
    let key = Self.digest(pending)
    guard let record = state.mfaPending?[key], record.tenantId == (body.text("tenantId") ?? record.tenantId),
      let index = state.index(of: record.localId, tenantId: record.tenantId)
    else { throw IdentityToolkitError("INVALID_MFA_PENDING_CREDENTIAL") }
    try Self.check(!state.accounts[index].disabled, "USER_DISABLED")
    guard let factor = state.accounts[index].mfaInfo?.firstIndex(where: { $0.mfaEnrollmentId == enrollmentID })
    else { throw IdentityToolkitError("MFA_ENROLLMENT_NOT_FOUND") }
    guard let code = body.fields["totpVerificationInfo"]?["verificationCode"]?.string, !code.isEmpty else {
      throw IdentityToolkitError("MISSING_CODE")
    }
    let enrollment = state.accounts[index].mfaInfo![factor]
    guard let step = enrollment.totp.matchingStep(code, at: now), step > (enrollment.lastUsedStep ?? .min) else {
      state.mfaPending![key]!.failedCodes += 1
      if state.mfaPending![key]!.failedCodes >= Self.maxCodeAttempts { state.mfaPending![key] = nil }
      throw IdentityToolkitRefusalAfterWrite(error: IdentityToolkitError("INVALID_CODE"))
    }
    state.mfaPending![key] = nil
    state.accounts[index].mfaInfo![factor].lastUsedStep = step
    state.accounts[index].lastLoginAt = IdentityToolkitAccount.milliseconds(now)
    let tokens = try issueTokens(index, provider: record.signInProvider, authTime: record.authTime)
    return ["idToken": tokens["idToken"]!, "refreshToken": tokens["refreshToken"]!]
  }

  /// A first factor's tokens — or, when the account has a second factor, `mfaPendingCredential` and
  /// `mfaInfo` instead (no tokens), as production answers `signInWithPassword` and `signInWithIdp`.
  mutating func firstFactorTokens(_ index: Int, provider: String) throws -> [String: Any] {
    let factors = state.accounts[index].mfaInfo ?? []
    guard !factors.isEmpty else { return try issueTokens(index, provider: provider, authTime: now) }
    let pending = "AMf-vB" + random.token(bytes: 60)
    state.mfaPending = state.mfaPending ?? [:]
    state.mfaPending![Self.digest(pending)] = MFAPendingRecord(
      localId: state.accounts[index].localId, tenantId: state.accounts[index].tenantId, signInProvider: provider,
      authTime: now, expiresAt: now + Self.mfaSessionLifetime)
    return ["mfaPendingCredential": pending, "mfaInfo": factors.map(\.json)]
  }

  private mutating func renewedTokens(_ index: Int, _ claims: [String: JSONValue]) throws -> [String: Any] {
    let provider = claims["firebase"]?["sign_in_provider"]?.string ?? IdentityToolkitAccount.password
    let authTime = Date(timeIntervalSince1970: claims["auth_time"]?.number ?? now.timeIntervalSince1970)
    let tokens = try issueTokens(index, provider: provider, authTime: authTime)
    return ["idToken": tokens["idToken"]!, "refreshToken": tokens["refreshToken"]!]
  }
}
