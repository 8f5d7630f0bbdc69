import AuthEngine
import Foundation

/// `accounts:signUp`, `accounts:signInWithPassword` and `accounts:createAuthUri`.
extension IdentityToolkitOperation {
  /// firebase-tools `PASSWORD_MIN_LENGTH`; production's default too.
  static let passwordMinimumLength = 6
  static let weakPassword = "WEAK_PASSWORD : Password should be at least \(passwordMinimumLength) characters"
  static let tooManyAttempts =
    "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login "
    + "attempts. You can immediately restore it by resetting your password or you can try again later."
  static let lockout: TimeInterval = 3600

  /// A syntactically plausible email, lowercased (signUp.spec "should normalize email address to all
  /// lowercase"), or `INVALID_EMAIL`.
  static func validEmail(_ email: String?, error: String = "INVALID_EMAIL") throws -> String {
    let parts = (email ?? "").split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, parts[1].split(separator: ".").count >= 2,
      !parts[1].hasPrefix("."), !parts[1].hasSuffix("."), !(email ?? "").contains(where: \.isWhitespace)
    else { throw IdentityToolkitError(error) }
    return email!.lowercased()
  }

  /// firebase-tools `signUp` (signUp.spec "should issue refreshToken on email+password signUp", "should
  /// disallow duplicate email signUp", "should error if another account exists with same email from IDP",
  /// "should error when email format is invalid", "should error when password is too short", "should
  /// error when idToken is provided but email / password is not", "should link email and password to
  /// anon user if idToken is provided", "should error if account to be linked is disabled", "should error
  /// if password sign up is not allowed"); anonymous sign-up only when enabled (`ADMIN_ONLY_OPERATION`).
  /// Production: the signed-in user's own email is not `EMAIL_EXISTS` (a GitHub user adding a password;
  /// firebase-tools refuses it), and linking needs a recent sign-in.
  mutating func signUp(_ body: IdentityToolkitBody) throws -> [String: Any] {
    var linking: (index: Int, claims: [String: JSONValue])?
    if let idToken = body.text("idToken") { linking = try parseIDToken(idToken, body) }
    let tenant = linking.map { state.accounts[$0.index].tenantId } ?? body.text("tenantId")
    let password = body.text("password")
    var provider = "anonymous"
    if linking != nil || password != nil || body.has("email") {
      try Self.check(body.text("email") != nil, "MISSING_EMAIL")
      try Self.check(password != nil, "MISSING_PASSWORD")
      try Self.check(project.passwordEnabled, "OPERATION_NOT_ALLOWED")
      provider = IdentityToolkitAccount.password
    } else {
      try Self.check(project.anonymousEnabled, "ADMIN_ONLY_OPERATION")
    }
    var email: String?
    if let password {
      email = try Self.validEmail(body.string("email"))
      let owner = state.index(email: email!, tenantId: tenant)
      try Self.check(owner == nil || owner == linking?.index, "EMAIL_EXISTS")
      try Self.check(password.count >= Self.passwordMinimumLength, Self.weakPassword)
    }
    if let linking { try requireRecentLogin(linking.claims) }
    let index = linking?.index ?? state.createAccount(tenantId: tenant, now: now, random: random)
    if let email, let password {
      if state.accounts[index].email != email {
        (state.accounts[index].email, state.accounts[index].emailVerified) = (email, false)
      }
      try setPassword(password, of: index)
    }
    if let name = body.string("displayName") { state.accounts[index].displayName = name }
    state.accounts[index].lastLoginAt = IdentityToolkitAccount.milliseconds(now)
    var out: [String: Any] = [
      "kind": "identitytoolkit#SignupNewUserResponse", "localId": state.accounts[index].localId,
    ]
    out["email"] = state.accounts[index].email
    out["displayName"] = state.accounts[index].displayName
    return out.merging(try issueTokens(index, provider: provider, authTime: now)) { $1 }
  }

  /// Hashes and sets a password; the change revokes every earlier token (firebase-tools
  /// `setAccountInfoImpl`: a password change moves `validSince`).
  mutating func setPassword(_ password: String, of index: Int) throws {
    state.accounts[index].passwordHash = try hasher.hash(Password(password))
    state.accounts[index].passwordUpdatedAt = IdentityToolkitAccount.milliseconds(now)
    (state.accounts[index].failedLogins, state.accounts[index].lockedUntil) = (0, nil)
    state.revokeTokens(of: index, now: now)
  }

  /// firebase-tools `signInWithPassword` (password.spec "should issue tokens when email and password are
  /// valid", "should validate email address ignoring case", "should error if email or password is
  /// missing", "should error if email is invalid", "should error if email is not found" and "… with
  /// improved email privacy enabled", "should error if password is wrong" and "… with improved email
  /// privacy enabled", "should error if user is disabled", "should error if password sign up is
  /// disabled"). Production: after `maxPasswordAttempts` wrong passwords the account is locked for an hour.
  mutating func signInWithPassword(_ body: IdentityToolkitBody) throws -> [String: Any] {
    try Self.check(project.passwordEnabled, "PASSWORD_LOGIN_DISABLED")
    try Self.check(body.has("email"), "MISSING_EMAIL")
    let email = try Self.validEmail(body.string("email"))
    guard let password = body.text("password") else { throw IdentityToolkitError("MISSING_PASSWORD") }
    let hidden = state.enableImprovedEmailPrivacy
    guard let index = state.index(email: email, tenantId: body.text("tenantId")) else {
      throw IdentityToolkitError(hidden ? "INVALID_LOGIN_CREDENTIALS" : "EMAIL_NOT_FOUND")
    }
    try Self.check(!state.accounts[index].disabled, "USER_DISABLED")
    try Self.check((state.accounts[index].lockedUntil ?? .distantPast) <= now, Self.tooManyAttempts)
    guard let hash = state.accounts[index].passwordHash, hasher.verify(Password(password), against: hash) else {
      let error = IdentityToolkitError(hidden ? "INVALID_LOGIN_CREDENTIALS" : "INVALID_PASSWORD")
      guard let limit = project.maxPasswordAttempts else { throw error }
      state.accounts[index].failedLogins += 1
      if state.accounts[index].failedLogins >= limit { state.accounts[index].lockedUntil = now + Self.lockout }
      throw IdentityToolkitRefusalAfterWrite(error: error)
    }
    state.accounts[index].failedLogins = 0
    state.accounts[index].lastLoginAt = IdentityToolkitAccount.milliseconds(now)
    let out: [String: Any] = [
      "kind": "identitytoolkit#VerifyPasswordResponse", "registered": true, "localId": state.accounts[index].localId,
      "email": email, "displayName": state.accounts[index].displayName ?? "",
    ]
    return out.merging(try firstFactorTokens(index, provider: IdentityToolkitAccount.password)) { $1 }
  }

  /// firebase-tools `createAuthUri` (createAuthUri.spec "should report not registered user as not
  /// registered", "should return providers for a registered user", "should not return providers … with
  /// improved email privacy enabled" (only `sessionId`), "should return existing sessionId if provided",
  /// "should find user by email ignoring case", "should find user by either IDP email or 'top-level'
  /// email", "should not list IDP sign-in methods when allowDuplicateEmails", "should error if identifier
  /// or continueUri is not provided", "… if identifier is invalid", "… if continueUri is invalid");
  /// `providerId` is 501, as there.
  func createAuthUri(_ body: IdentityToolkitBody) throws -> [String: Any] {
    if body.text("providerId") != nil {
      throw IdentityToolkitError.notImplemented("Sign-in with IDP is not yet supported.")
    }
    try Self.check(body.text("identifier") != nil, "MISSING_IDENTIFIER")
    try Self.check(body.text("continueUri") != nil, "MISSING_CONTINUE_URI")
    let email = try Self.validEmail(body.string("identifier"), error: "INVALID_IDENTIFIER")
    let continueURI = URLComponents(string: body.string("continueUri") ?? "")
    try Self.check(continueURI?.scheme != nil && continueURI?.host?.isEmpty == false, "INVALID_CONTINUE_URI")
    var out: [String: Any] = [
      "kind": "identitytoolkit#CreateAuthUriResponse", "sessionId": body.text("sessionId") ?? random.token(bytes: 15),
    ]
    if state.enableImprovedEmailPrivacy { return out }
    var found = state.indices(emailOrProviderEmail: email, tenantId: body.text("tenantId")).map { state.accounts[$0] }
    let providers: [String]
    if state.allowDuplicateEmails {
      found = Array(found.filter { $0.email != nil }.prefix(1))
      providers = found.first?.passwordHash != nil ? [IdentityToolkitAccount.password] : []
    } else {
      providers = (found.first?.providerIDs ?? []).filter { $0 != "phone" }
    }
    out["registered"] = !found.isEmpty
    out["allProviders"] = providers
    out["signinMethods"] = providers
    return out
  }
}

/// A refusal whose state changes must still be kept (a counted wrong password).
struct IdentityToolkitRefusalAfterWrite: Error {
  let error: IdentityToolkitError
}
