import AuthEngine
import Foundation

/// An email the emulator would have sent (firebase-tools `state.ts` `OobRecord`): its code, listed at
/// `GET /emulator/v1/projects/P/oobCodes` (as Google's emulator lists them) instead of being mailed.
/// Kept in the project's state in the clear, since that listing is how a test or a developer reads
/// them; production's links expire (a password reset after an hour, a verification after three days).
struct OobRecord: Codable, Sendable {
  /// How long a listed code stays listed after it expired.
  static let keptAfterExpiry: TimeInterval = 3600

  var oobCode: String
  var email: String
  var requestType: String
  var tenantId: String?
  var expiresAt: Date

  /// The link the email would carry (`BASE/emulator/action?mode=…&oobCode=…`, firebase-tools' layout).
  func link(base: URL) -> String {
    let mode = requestType == "PASSWORD_RESET" ? "resetPassword" : "verifyEmail"
    var query = FormParameters()
    query.append("mode", mode)
    query.append("lang", "en")
    query.append("oobCode", oobCode)
    query.append("apiKey", "fake-api-key")
    return "\(base.absoluteString)/emulator/action?\(query.encoded)"
  }

  var json: [String: Any] { ["email": email, "oobCode": oobCode, "requestType": requestType] }
}

/// `accounts:sendOobCode`, `accounts:resetPassword` and `accounts:update` with an `oobCode` (firebase-tools
/// `sendOobCode`, `resetPassword`, `setAccountInfoImpl`; tests in its `oob.spec.ts` and `password.spec.ts`).
extension IdentityToolkitOperation {
  static let passwordResetLifetime: TimeInterval = 3600
  static let verificationLifetime: TimeInterval = 3 * 24 * 3600

  /// `PASSWORD_RESET` (an email; unknown: `EMAIL_NOT_FOUND`, or under email-enumeration protection the
  /// same answer as for a known one, and no code) and `VERIFY_EMAIL` (the `idToken`'s account, which
  /// must have an email; or, for the Admin SDK's `returnOobLink`, an email). `returnOobLink` needs the
  /// admin credential and answers the code and link.
  mutating func sendOobCode(_ body: IdentityToolkitBody, base: URL) throws -> [String: Any] {
    let type = body.text("requestType") ?? ""
    try Self.check(!type.isEmpty && type != "OOB_REQ_TYPE_UNSPECIFIED", "MISSING_REQ_TYPE")
    let returnLink = body.bool("returnOobLink") == true
    try Self.check(!returnLink || admin, "INSUFFICIENT_PERMISSION")
    let tenant = body.text("tenantId")
    let email: String
    var out: [String: Any] = ["kind": "identitytoolkit#GetOobConfirmationCodeResponse"]
    switch type {
    case "PASSWORD_RESET":
      try Self.check(body.text("email") != nil, "MISSING_EMAIL")
      email = try Self.validEmail(body.string("email"))
      out["email"] = email
      if state.index(email: email, tenantId: tenant) == nil {
        try Self.check(state.enableImprovedEmailPrivacy && !returnLink, "EMAIL_NOT_FOUND")
        return out
      }
    case "VERIFY_EMAIL":
      if returnLink, body.idToken == nil {
        try Self.check(body.text("email") != nil, "MISSING_EMAIL")
        email = try Self.validEmail(body.string("email"))
        try Self.check(state.index(email: email, tenantId: tenant) != nil, "USER_NOT_FOUND")
      } else {
        let index = try parseIDToken(body.idToken ?? "", body).index
        guard let own = state.accounts[index].email else { throw IdentityToolkitError("MISSING_EMAIL") }
        email = own
      }
      out["email"] = email
    default:
      throw IdentityToolkitError.notImplemented(type)
    }
    let lifetime = type == "PASSWORD_RESET" ? Self.passwordResetLifetime : Self.verificationLifetime
    let record = OobRecord(
      oobCode: random.token(bytes: 30), email: email, requestType: type, tenantId: tenant, expiresAt: now + lifetime)
    state.oobCodes = (state.oobCodes ?? []) + [record]
    if returnLink {
      out["oobCode"] = record.oobCode
      out["oobLink"] = record.link(base: base)
    }
    return out
  }

  /// The unexpired record of `code`, or `INVALID_OOB_CODE` (unknown or used) / `EXPIRED_OOB_CODE`.
  func oobRecord(_ code: String?) throws -> (index: Int, record: OobRecord) {
    guard let code, !code.isEmpty else { throw IdentityToolkitError("MISSING_OOB_CODE") }
    guard let index = state.oobCodes?.firstIndex(where: { $0.oobCode == code }), let record = state.oobCodes?[index]
    else { throw IdentityToolkitError("INVALID_OOB_CODE") }
    try Self.check(record.expiresAt > now, "EXPIRED_OOB_CODE")
    return (index, record)
  }

  /// With `newPassword`: sets it (the code is used up, the email counts as verified, earlier tokens are
  /// revoked and the account's IdP links removed, as firebase-tools and production do after a reset);
  /// without: only says what the code is for.
  mutating func resetPassword(_ body: IdentityToolkitBody) throws -> [String: Any] {
    try Self.check(project.passwordEnabled, "PASSWORD_LOGIN_DISABLED")
    let (position, record) = try oobRecord(body.text("oobCode"))
    if let newPassword = body.text("newPassword") {
      try Self.check(record.requestType == "PASSWORD_RESET", "INVALID_OOB_CODE")
      try Self.check(newPassword.count >= Self.passwordMinimumLength, Self.weakPassword)
      state.oobCodes?.remove(at: position)
      guard let index = state.index(email: record.email, tenantId: record.tenantId) else {
        throw IdentityToolkitRefusalAfterWrite(error: IdentityToolkitError("INVALID_OOB_CODE"))
      }
      try setPassword(newPassword, of: index)
      state.accounts[index].emailVerified = true
      state.accounts[index].providers.removeAll()
    }
    return ["kind": "identitytoolkit#ResetPasswordResponse", "requestType": record.requestType, "email": record.email]
  }

  /// `accounts:update` with an `oobCode`: a `VERIFY_EMAIL` code verifies its address (and is used up).
  mutating func applyOobCode(_ body: IdentityToolkitBody) throws -> [String: Any] {
    let (position, record) = try oobRecord(body.text("oobCode"))
    try Self.check(record.requestType == "VERIFY_EMAIL", "INVALID_OOB_CODE")
    state.oobCodes?.remove(at: position)
    guard let index = state.index(email: record.email, tenantId: record.tenantId) else {
      throw IdentityToolkitRefusalAfterWrite(error: IdentityToolkitError("INVALID_OOB_CODE"))
    }
    state.accounts[index].emailVerified = true
    let account = state.accounts[index]
    var out: [String: Any] = [
      "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.localId, "emailVerified": true,
      "providerUserInfo": account.providerUserInfo.map(\.json),
    ]
    out["email"] = account.email
    out["displayName"] = account.displayName
    return out
  }
}
