import AuthEngine
import Foundation

/// `accounts:lookup`, `accounts:update` and `accounts:delete`, for the signed-in user (`idToken`) or,
/// with firebase-tools' admin credential (`Authorization: Bearer owner`), for a `localId`.
extension IdentityToolkitOperation {
  /// firebase-tools `lookup` (misc.spec "accounts:lookup"): `users[]` with `providerUserInfo` (the
  /// password entry derived, rawId = email) and the hash redacted, as production answers.
  func lookup(_ body: IdentityToolkitBody) throws -> [String: Any] {
    var out: [String: Any] = ["kind": "identitytoolkit#GetAccountInfoResponse"]
    if admin, body.idToken == nil {
      let found = adminLookup(body)
      if !found.isEmpty { out["users"] = found.map { state.accounts[$0].lookupJSON } }
      return out
    }
    guard let idToken = body.idToken else { throw IdentityToolkitError("MISSING_ID_TOKEN") }
    out["users"] = [state.accounts[try parseIDToken(idToken, body).index].lookupJSON]
    return out
  }

  /// firebase-tools `setAccountInfoImpl` (setAccountInfo.spec "should allow updating and deleting
  /// displayName and photoUrl", "should set password and issue new tokens", "should disallow setting
  /// email to same as an existing user", "should error if user is disabled when updating by idToken",
  /// "should invalidate old tokens after updating validSince or password", "should delete
  /// {password,google.com} provider from user"): a password or email change moves `validSince` and
  /// answers new tokens. The admin form takes `localId` and `disableUser`. Production: password and
  /// email changes need a recent sign-in, and under email-enumeration protection an email change is
  /// refused (it must be verified first). The Admin API's fields are in `applyAdminFields`.
  mutating func update(_ body: IdentityToolkitBody) throws -> [String: Any] {
    if body.has("oobCode") { return try applyOobCode(body) }
    let index: Int
    var claims: [String: JSONValue]?
    if admin, body.idToken == nil {
      guard let localId = body.text("localId") else { throw IdentityToolkitError("MISSING_LOCAL_ID") }
      guard let found = state.index(of: localId, tenantId: body.text("tenantId")) else {
        throw IdentityToolkitError("USER_NOT_FOUND")
      }
      index = found
      try applyAdminFields(body, to: index)
    } else {
      guard let idToken = body.idToken else {
        throw IdentityToolkitError("INVALID_REQ_TYPE : Unsupported request parameters.")
      }
      try Self.check(!body.has("customAttributes"), "INSUFFICIENT_PERMISSION")
      (index, claims) = try parseIDToken(idToken, body)
      try Self.check(!body.has("disableUser"), "OPERATION_NOT_ALLOWED")
    }
    let newEmail = try body.text("email").map { try Self.validEmail($0) }
    let newPassword = body.text("password")
    if let claims, newEmail != nil || newPassword != nil { try requireRecentLogin(claims) }
    var provider = claims?["firebase"]?["sign_in_provider"]?.string ?? IdentityToolkitAccount.password
    var changed = false
    if let newEmail, newEmail != state.accounts[index].email {
      try Self.check(
        claims == nil || !state.enableImprovedEmailPrivacy,
        "OPERATION_NOT_ALLOWED : Please verify the new email before changing email.")
      try Self.check(state.index(email: newEmail, tenantId: state.accounts[index].tenantId) == nil, "EMAIL_EXISTS")
      (state.accounts[index].email, state.accounts[index].emailVerified, changed) = (newEmail, false, true)
    }
    if let newPassword {
      try Self.check(newPassword.count >= Self.passwordMinimumLength, Self.weakPassword)
      try setPassword(newPassword, of: index)
      (provider, changed) = (IdentityToolkitAccount.password, true)
    }
    if let name = body.string("displayName") { state.accounts[index].displayName = name }
    if let photo = body.string("photoUrl") { state.accounts[index].photoUrl = photo }
    for attribute in body.strings("deleteAttribute") {
      switch attribute {
      case "DISPLAY_NAME": state.accounts[index].displayName = nil
      case "PHOTO_URL": state.accounts[index].photoUrl = nil
      case "PASSWORD": state.accounts[index].clearPassword()
      case "EMAIL": (state.accounts[index].email, state.accounts[index].emailVerified) = (nil, false)
      default: continue
      }
    }
    for providerID in body.strings("deleteProvider") {
      if providerID == IdentityToolkitAccount.password {  // firebase-tools drops the email with the password
        state.accounts[index].clearPassword()
        (state.accounts[index].email, state.accounts[index].emailVerified) = (nil, false)
      }
      if providerID == IdentityToolkitAccount.phone { state.accounts[index].phoneNumber = nil }
      state.accounts[index].providers.removeAll { $0.providerId == providerID }
    }
    let account = state.accounts[index]
    var out: [String: Any] = [
      "kind": "identitytoolkit#SetAccountInfoResponse", "localId": account.localId,
      "providerUserInfo": account.providerUserInfo.map(\.json), "emailVerified": account.emailVerified,
    ]
    out["email"] = account.email
    out["displayName"] = account.displayName
    out["photoUrl"] = account.photoUrl
    out["passwordHash"] = account.passwordHash == nil ? nil : IdentityToolkitAccount.redactedHash
    guard changed, let claims else { return out }
    state.revokeTokens(of: index, now: now)
    let authTime = Date(timeIntervalSince1970: claims["auth_time"]?.number ?? now.timeIntervalSince1970)
    return out.merging(try issueTokens(index, provider: provider, authTime: authTime)) { $1 }
  }

  /// firebase-tools `deleteAccount` (deleteAccount.spec "should delete the user of the idToken"); the
  /// admin form takes `localId`. Production: needs a recent sign-in.
  mutating func delete(_ body: IdentityToolkitBody) throws -> [String: Any] {
    let index: Int
    if admin, body.idToken == nil {
      guard let localId = body.text("localId") else { throw IdentityToolkitError("MISSING_LOCAL_ID") }
      guard let found = state.index(of: localId, tenantId: body.text("tenantId")) else {
        throw IdentityToolkitError("USER_NOT_FOUND")
      }
      index = found
    } else {
      guard let idToken = body.idToken else { throw IdentityToolkitError("MISSING_ID_TOKEN") }
      let signedIn = try parseIDToken(idToken, body)
      try requireRecentLogin(signedIn.claims)
      index = signedIn.index
    }
    state.accounts.remove(at: index)
    return ["kind": "identitytoolkit#DeleteAccountResponse"]
  }
}

extension IdentityToolkitBody {
  var idToken: String? { text("idToken") }
}
