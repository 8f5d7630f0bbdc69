import AuthEngine
import Crypto
import Foundation

/// One request's work on a copy of the project's state (`IdentityToolkitState`): the emulator saves `state`
/// only when the operation returns, so a thrown error leaves the project as it was. The operations
/// themselves are in the `IdentityToolkitOperation+…` files, each named after the firebase-tools
/// `src/emulator/auth/operations.ts` function it mirrors.
struct IdentityToolkitOperation {
  /// `exp` − `iat` of ID tokens, and `expiresIn` (firebase-tools `issueTokens`; production likewise).
  static let idTokenLifetime: TimeInterval = 3600
  /// Production: a password or email change, deletion and linking need a sign-in this recent.
  static let recentLoginWindow: TimeInterval = 300
  static let issuerPrefix = "https://securetoken.google.com/"

  var state: IdentityToolkitState
  let project: IdentityToolkitProject
  let key: IdentityToolkitSigningKey
  let now: Date
  let random: any RandomSource
  /// `Authorization: Bearer owner`, firebase-tools' admin credential (`oauth2Authenticator`).
  let admin: Bool

  var issuer: String { Self.issuerPrefix + project.projectID }
  var hasher: PasswordHasher { PasswordHasher(cost: project.passwordCost, random: random) }

  /// How the emulator remembers a token without keeping it: lowercase hex SHA-256.
  static func digest(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  static func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    try IdentityToolkitError.check(condition, message())
  }

  /// firebase-tools `issueTokens`: an ID token and a refresh token for a new session.
  /// `sessionClaims`: a custom token's `claims` (a JSON object's text), in every ID token of the session.
  mutating func issueTokens(_ index: Int, provider: String, authTime: Date, sessionClaims: String? = nil) throws
    -> [String: Any]
  {
    state.accounts[index].lastRefreshAt = now
    let refresh = "AMf-vB" + random.token(bytes: 90)
    state.refreshTokens[Self.digest(refresh)] = IdentityToolkitState.RefreshRecord(
      tenantId: state.accounts[index].tenantId, localId: state.accounts[index].localId, signInProvider: provider,
      authTime: authTime, sequence: state.nextSequence(), issuedAt: now, sessionClaims: sessionClaims)
    let idToken = try mintIDToken(index, provider: provider, authTime: authTime, sessionClaims: sessionClaims)
    return ["idToken": idToken, "refreshToken": refresh, "expiresIn": String(Int(Self.idTokenLifetime))]
  }

  /// An RS256 ID token shaped as production's (firebase-tools' are `alg: none` and never expire):
  /// `iss` = `https://securetoken.google.com/PROJECT`, `aud` = `PROJECT`, `auth_time`, `user_id` = `sub`,
  /// `iat`, `exp` = `iat` + 1 h, `email`, `email_verified`, `name`, `picture`, `phone_number`, the custom
  /// claims, and
  /// `firebase: {identities, sign_in_provider, tenant?}`.
  mutating func mintIDToken(_ index: Int, provider: String, authTime: Date, sessionClaims: String? = nil) throws
    -> String
  {
    let account = state.accounts[index]
    let issuedAt = Int64(now.timeIntervalSince1970)
    // The profile first, then the custom claims (which may replace `name` or `picture`, as in
    // firebase-tools `generateJwt`), then the reserved claims, which nothing replaces.
    var claims: [String: Any] = [:]
    claims["name"] = account.displayName
    claims["picture"] = account.photoUrl
    claims["phone_number"] = account.phoneNumber
    claims.merge(IdentityToolkitClaims.parse(sessionClaims)) { $1 }
    claims.merge(IdentityToolkitClaims.parse(account.customAttributes)) { $1 }
    claims.merge([
      "iss": issuer, "aud": project.projectID, "auth_time": Int64(authTime.timeIntervalSince1970),
      "user_id": account.localId, "sub": account.localId, "iat": issuedAt,
      "exp": issuedAt + Int64(Self.idTokenLifetime),
    ]) { $1 }
    if let email = account.email {
      claims["email"] = email
      claims["email_verified"] = account.emailVerified
    }
    var firebase: [String: Any] = ["identities": account.identities, "sign_in_provider": provider]
    firebase["tenant"] = account.tenantId
    claims["firebase"] = firebase
    let token = try key.sign(claims)
    state.idTokens[Self.digest(token)] = IdentityToolkitState.IssuedIDToken(
      sequence: state.nextSequence(), expiresAt: now + Self.idTokenLifetime)
    return token
  }

  /// firebase-tools `parseIdToken` (`USER_NOT_FOUND`, `TOKEN_EXPIRED` by validSince, `USER_DISABLED`)
  /// plus production's checks: the RS256 signature, `iss`, `aud` and `exp` (`INVALID_ID_TOKEN` for a
  /// token this emulator did not sign for this project, `TOKEN_EXPIRED` after an hour). A `tenantId` in
  /// the request must be the token's (rest.spec "should deny requests where tenant IDs do not match in
  /// the ID token and request body").
  func parseIDToken(_ token: String, _ body: IdentityToolkitBody) throws -> (index: Int, claims: [String: JSONValue]) {
    guard let claims = key.verifiedClaims(token), claims["aud"]?.string == project.projectID,
      claims["iss"]?.string == issuer, let exp = claims["exp"]?.number, let uid = claims["user_id"]?.string
    else { throw IdentityToolkitError("INVALID_ID_TOKEN") }
    try Self.check(exp > now.timeIntervalSince1970, "TOKEN_EXPIRED")
    let tenant = claims["firebase"]?["tenant"]?.string
    try Self.check(body.text("tenantId") == nil || body.text("tenantId") == tenant, "TENANT_ID_MISMATCH")
    guard let index = state.index(of: uid, tenantId: tenant) else { throw IdentityToolkitError("USER_NOT_FOUND") }
    let account = state.accounts[index]
    let revoked =
      state.idTokens[Self.digest(token)].map { $0.sequence <= account.revokedThrough }
      ?? ((claims["iat"]?.number ?? 0) < Double(account.validSince))
    try Self.check(!revoked, "TOKEN_EXPIRED")
    try Self.check(!account.disabled, "USER_DISABLED")
    return (index, claims)
  }

  /// Production: `CREDENTIAL_TOO_OLD_LOGIN_AGAIN` when the ID token's `auth_time` is more than 5 minutes
  /// old (firebase-tools never answers it).
  func requireRecentLogin(_ claims: [String: JSONValue]) throws {
    let authTime = claims["auth_time"]?.number ?? 0
    try Self.check(now.timeIntervalSince1970 - authTime <= Self.recentLoginWindow, "CREDENTIAL_TOO_OLD_LOGIN_AGAIN")
  }

  /// firebase-tools `grantToken` (misc.spec "token refresh": "should exchange refresh token for new
  /// tokens", "should error if grant type is missing", "… is not refresh_token", "should error if refresh
  /// token is missing", "should error on malformed refresh tokens", "should error if user is disabled",
  /// "should error when refresh tokens are from a different project"): snake_case answer, `expires_in` a
  /// string, `project_id` the project number, the same refresh token. Production: a deleted user is
  /// `USER_NOT_FOUND` (firebase-tools: `INVALID_REFRESH_TOKEN`), and a token from before a password or
  /// email change is `TOKEN_EXPIRED` (Firebase "Manage user sessions").
  mutating func grantToken(_ body: IdentityToolkitBody) throws -> [String: Any] {
    let grantType = body.text("grantType") ?? body.text("grant_type")
    let refresh = body.text("refreshToken") ?? body.text("refresh_token")
    try Self.check(grantType != nil, "MISSING_GRANT_TYPE")
    try Self.check(grantType == "refresh_token", "INVALID_GRANT_TYPE")
    guard let refresh else { throw IdentityToolkitError("MISSING_REFRESH_TOKEN") }
    guard let record = state.refreshTokens[Self.digest(refresh)] else {
      throw IdentityToolkitError("INVALID_REFRESH_TOKEN")
    }
    guard let index = state.index(of: record.localId, tenantId: record.tenantId) else {
      throw IdentityToolkitError("USER_NOT_FOUND")
    }
    try Self.check(!state.accounts[index].disabled, "USER_DISABLED")
    try Self.check(record.sequence > state.accounts[index].revokedThrough, "TOKEN_EXPIRED")
    state.accounts[index].lastRefreshAt = now
    let idToken = try mintIDToken(
      index, provider: record.signInProvider, authTime: record.authTime, sessionClaims: record.sessionClaims)
    return [
      "access_token": idToken, "expires_in": String(Int(Self.idTokenLifetime)), "token_type": "Bearer",
      "refresh_token": refresh, "id_token": idToken, "user_id": record.localId, "project_id": project.projectNumber,
    ]
  }
}
