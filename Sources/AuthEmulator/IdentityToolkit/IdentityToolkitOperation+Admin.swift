import AuthEngine
import Foundation

/// The Admin API's account operations (`Authorization: Bearer owner`, the project-scoped paths that
/// firebase-admin calls): create, lookup by any identifier, the admin fields of update, `batchGet`,
/// `query` and `batchDelete`, after firebase-tools `operations.ts` (`signUp`'s privileged branch,
/// `lookup`, `setAccountInfoImpl`, `batchGet`, `queryAccounts`, `batchDelete`).
extension IdentityToolkitOperation {
  /// `batchGet`'s page size when none (or no usable one) is asked for, and its largest (production's).
  static let defaultPageSize = 20
  static let maximumPageSize = 1000

  /// firebase-tools `signUp`, privileged (`POST …/projects/P/accounts`): a chosen `localId`
  /// (`DUPLICATE_LOCAL_ID`), email (`INVALID_EMAIL`, `EMAIL_EXISTS`), password (`WEAK_PASSWORD`), phone
  /// (`INVALID_PHONE_NUMBER`, `PHONE_NUMBER_EXISTS`), profile, `emailVerified`, `disabled`. No tokens:
  /// nobody signed in.
  mutating func createAccount(_ body: IdentityToolkitBody) throws -> [String: Any] {
    try Self.check(body.idToken == nil, "UNEXPECTED_PARAMETER : ID token")
    let tenant = body.text("tenantId")
    if let localId = body.text("localId") {
      try Self.check(localId.count <= 128, "INVALID_LOCAL_ID")
      try Self.check(state.index(of: localId, tenantId: tenant) == nil, "DUPLICATE_LOCAL_ID")
    }
    let email = try body.has("email") ? Self.validEmail(body.string("email")) : nil
    if let email { try Self.check(state.index(email: email, tenantId: tenant) == nil, "EMAIL_EXISTS") }
    let phone = try body.text("phoneNumber").map { try validPhone($0, tenantId: tenant) }
    let password = body.string("password")
    if let password { try Self.check(password.count >= Self.passwordMinimumLength, Self.weakPassword) }
    let index = state.createAccount(tenantId: tenant, now: now, random: random)
    if let localId = body.text("localId") { state.accounts[index].localId = localId }
    state.accounts[index].email = email
    state.accounts[index].emailVerified = email != nil && body.bool("emailVerified") == true
    state.accounts[index].phoneNumber = phone
    state.accounts[index].displayName = body.string("displayName")
    state.accounts[index].photoUrl = body.string("photoUrl")
    state.accounts[index].disabled = body.bool("disabled") == true
    if let password { try setPassword(password, of: index) }
    var out: [String: Any] = [
      "kind": "identitytoolkit#SignupNewUserResponse", "localId": state.accounts[index].localId,
    ]
    out["email"] = email
    out["displayName"] = state.accounts[index].displayName
    return out
  }

  /// The fields only the Admin API may send to `accounts:update` (firebase-tools `setAccountInfoImpl`,
  /// privileged): `disableUser`, `emailVerified`, `phoneNumber`, `customAttributes` and `validSince`.
  mutating func applyAdminFields(_ body: IdentityToolkitBody, to index: Int) throws {
    if let disable = body.bool("disableUser") { state.accounts[index].disabled = disable }
    if let verified = body.bool("emailVerified") { state.accounts[index].emailVerified = verified }
    if let phone = body.text("phoneNumber"), phone != state.accounts[index].phoneNumber {
      state.accounts[index].phoneNumber = try validPhone(phone, tenantId: state.accounts[index].tenantId)
    }
    if let claims = body.string("customAttributes") {
      let text = try IdentityToolkitClaims.validate(claims)
      state.accounts[index].customAttributes = IdentityToolkitClaims.parse(text).isEmpty ? nil : text
    }
    if body.has("validSince") {
      // int64 fields travel as JSON strings; firebase-admin sends a number.
      guard let seconds = body.fields["validSince"]?.number ?? body.string("validSince").flatMap(Double.init),
        seconds >= 0, seconds < 1e12
      else { throw IdentityToolkitError.invalidJSON("Invalid value at 'valid_since' (TYPE_INT64).") }
      state.setValidSince(Int64(seconds), of: index, now: now)
    }
  }

  /// E.164 (`+` and 1 to 15 digits, firebase-tools `isValidPhoneNumber`), not already another user's.
  func validPhone(_ phone: String, tenantId: String?) throws -> String {
    let digits = phone.dropFirst()
    try Self.check(
      phone.hasPrefix("+") && (1...15).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber },
      "INVALID_PHONE_NUMBER : Invalid format.")
    try Self.check(
      !state.accounts.contains { $0.tenantId == tenantId && $0.phoneNumber == phone }, "PHONE_NUMBER_EXISTS")
    return phone
  }

  /// firebase-tools `lookup`, privileged: by `localId`, `email`, `phoneNumber` and `federatedUserId`, in
  /// that order, each user once.
  func adminLookup(_ body: IdentityToolkitBody) -> [Int] {
    let tenant = body.text("tenantId")
    var found: [Int] = []
    func add(_ index: Int?) { if let index, !found.contains(index) { found.append(index) } }
    for id in body.strings("localId") { add(state.index(of: id, tenantId: tenant)) }
    for email in body.strings("email") { add(state.index(email: email.lowercased(), tenantId: tenant)) }
    for phone in body.strings("phoneNumber") {
      add(state.accounts.firstIndex { $0.tenantId == tenant && $0.phoneNumber == phone })
    }
    for federated in body.fields["federatedUserId"]?.array ?? [] {
      guard let provider = federated["providerId"]?.string, let rawId = federated["rawId"]?.string else { continue }
      add(state.index(provider: provider, rawId: rawId, tenantId: tenant))
    }
    return found
  }

  /// The accounts of `tenant`, by `localId`.
  func accounts(tenantId: String?) -> [IdentityToolkitAccount] {
    state.accounts.filter { $0.tenantId == tenantId }.sorted { $0.localId < $1.localId }
  }

  /// firebase-tools `batchGet` (`GET …/accounts:batchGet?maxResults=N&nextPageToken=T`): users by
  /// `localId`; a full page's `nextPageToken` is its last `localId`, and the next page starts after it.
  func batchGet(maxResults: String?, pageToken: String?, tenantId: String?) -> [String: Any] {
    let asked = maxResults.flatMap(Int.init) ?? Self.defaultPageSize
    let size = asked > 0 ? min(asked, Self.maximumPageSize) : Self.defaultPageSize
    let after = accounts(tenantId: tenantId).filter { pageToken == nil || $0.localId > pageToken! }
    let page = Array(after.prefix(size))
    var out: [String: Any] = ["kind": "identitytoolkit#DownloadAccountResponse", "users": page.map(\.lookupJSON)]
    if page.count == size, let last = page.last { out["nextPageToken"] = last.localId }
    return out
  }

  /// `accounts:query`: `returnUserInfo: false` counts; else `userInfo` sorted by user id
  /// (firebase-tools: other orders are 501), from `offset`, at most `limit` (production: 500 by default).
  /// The first `expression` filters by `email`, `userId` or `phoneNumber`.
  func query(_ body: IdentityToolkitBody) throws -> [String: Any] {
    let sortBy = body.text("sortBy") ?? "USER_ID"
    guard ["USER_ID", "SORT_BY_FIELD_UNSPECIFIED"].contains(sortBy) else {
      throw IdentityToolkitError.notImplemented("Only sorting by USER_ID is implemented.")
    }
    var users = accounts(tenantId: body.text("tenantId"))
    if body.string("order") == "DESC" { users.reverse() }
    if let expression = body.fields["expression"]?.array?.first {
      let email = expression["email"]?.string?.lowercased()
      let uid = expression["userId"]?.string
      let phone = expression["phoneNumber"]?.string
      users = users.filter {
        (email == nil || $0.email == email) && (uid == nil || $0.localId == uid)
          && (phone == nil || $0.phoneNumber == phone)
      }
    }
    if body.bool("returnUserInfo") == false { return ["recordsCount": String(users.count)] }
    let offset = try Self.int64(body, "offset") ?? 0
    let limit = try Self.int64(body, "limit") ?? 500
    let page = users.dropFirst(offset).prefix(limit)
    return ["recordsCount": String(page.count), "userInfo": page.map(\.lookupJSON)]
  }

  /// firebase-tools `batchDelete`: 1 to 1000 `localIds`; without `force` an enabled user is kept and
  /// listed in `errors` (`NOT_DISABLED`); an unknown id is skipped.
  mutating func batchDelete(_ body: IdentityToolkitBody) throws -> [String: Any] {
    let ids = body.strings("localIds")
    try Self.check((1...1000).contains(ids.count), "LOCAL_ID_LIST_EXCEEDS_LIMIT")
    let tenant = body.text("tenantId")
    var errors: [[String: Any]] = []
    for (position, id) in ids.enumerated() {
      guard let index = state.index(of: id, tenantId: tenant) else { continue }
      guard state.accounts[index].disabled || body.bool("force") == true else {
        errors.append([
          "index": position, "localId": id, "message": "NOT_DISABLED : Disable the account before batch deletion.",
        ])
        continue
      }
      state.accounts.remove(at: index)
    }
    return errors.isEmpty ? [:] : ["errors": errors]
  }

  /// An int64 field (a JSON string, or a number) that is not negative.
  private static func int64(_ body: IdentityToolkitBody, _ name: String) throws -> Int? {
    guard body.has(name) else { return nil }
    let number = body.fields[name]?.number.flatMap { $0 >= 0 && $0 < 1e15 ? Int($0) : nil }
    guard let value = number ?? body.string(name).flatMap({ Int($0) }), value >= 0 else {
      throw IdentityToolkitError.invalidJSON("Invalid value at '\(name)' (TYPE_INT64).")
    }
    return value
  }
}
