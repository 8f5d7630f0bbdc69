import AuthEngine
import Foundation

/// One entry of `providerUserInfo[]` (firebase-tools `schema.ts` `GoogleCloudIdentitytoolkitV1ProviderUserInfo`).
/// `rawId` is the provider's id: GitHub's numeric id, X's `id_str`, the OpenID `sub`; for `password`,
/// the email.
struct ProviderUserInfo: Codable, Sendable, Equatable {
  var providerId: String
  var rawId: String
  var federatedId: String
  var email: String?
  var displayName: String?
  var photoUrl: String?
  var screenName: String?

  var json: [String: Any] {
    var out: [String: Any] = ["providerId": providerId, "rawId": rawId, "federatedId": federatedId]
    out["email"] = email
    out["displayName"] = displayName
    out["photoUrl"] = photoUrl
    out["screenName"] = screenName
    return out
  }
}

/// A user of the emulated project (firebase-tools `state.ts` `UserInfo`).
struct IdentityToolkitAccount: Codable, Sendable {
  static let password = "password"
  static let phone = "phone"
  static let custom = "custom"
  /// Production redacts `passwordHash` in `accounts:lookup` to base64("REDACTED").
  static let redactedHash = "UkVEQUNURUQ="

  var localId: String
  var tenantId: String?
  var email: String?
  var emailVerified = false
  var displayName: String?
  var photoUrl: String?
  var screenName: String?
  /// E.164, set by the Admin API (`phone` in `providerUserInfo`).
  var phoneNumber: String?
  /// The custom claims as the Admin API set them: a JSON object's text, copied into every ID token.
  var customAttributes: String?
  /// A PHC scrypt string (`PasswordHasher`); never answered.
  var passwordHash: String?
  var passwordUpdatedAt: Int64?
  /// Seconds: the last credential change (firebase-tools `validSince`).
  var validSince: Int64
  /// Tokens numbered up to this one were issued before the last credential change (`IdentityToolkitState.sequence`).
  var revokedThrough: UInt64
  var disabled = false
  var createdAt: Int64
  var lastLoginAt: Int64
  var lastRefreshAt: Date?
  /// The IdPs, in the order they were linked; the password entry is derived (`providerUserInfo`).
  var providers: [ProviderUserInfo] = []
  var failedLogins = 0
  var lockedUntil: Date?
  /// Second factors (TOTP), in the order enrolled; nil in accounts saved before there were any.
  var mfaInfo: [MFAEnrollment]?

  init(localId: String, tenantId: String?, now: Date, sequence: UInt64) {
    self.localId = localId
    self.tenantId = tenantId
    validSince = Int64(now.timeIntervalSince1970)
    revokedThrough = sequence
    createdAt = Self.milliseconds(now)
    lastLoginAt = createdAt
  }

  static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

  func provider(_ id: String) -> ProviderUserInfo? { providers.first { $0.providerId == id } }

  /// Links `info`, replacing an earlier account of the same provider (firebase-tools `state.ts`
  /// `updateUserProviderInfo`).
  mutating func link(_ info: ProviderUserInfo) {
    if let index = providers.firstIndex(where: { $0.providerId == info.providerId }) {
      providers[index] = info
    } else {
      providers.append(info)
    }
  }

  mutating func clearPassword() { (passwordHash, passwordUpdatedAt) = (nil, nil) }

  /// `providerUserInfo[]` with the derived password entry (providerId `password`, rawId = email), as
  /// firebase-tools' `state.ts` `updateUserByLocalId` keeps it.
  var providerUserInfo: [ProviderUserInfo] {
    var out = providers
    if let email, passwordHash != nil {
      out.append(
        ProviderUserInfo(
          providerId: Self.password, rawId: email, federatedId: email, email: email, displayName: displayName,
          photoUrl: photoUrl))
    }
    if let phoneNumber {
      out.append(ProviderUserInfo(providerId: Self.phone, rawId: phoneNumber, federatedId: phoneNumber))
    }
    return out
  }

  var providerIDs: [String] { providerUserInfo.map(\.providerId) }

  /// One entry of `accounts:lookup`'s `users[]` (misc.spec "accounts:lookup"), hash redacted as in production.
  var lookupJSON: [String: Any] {
    var out: [String: Any] = [
      "localId": localId, "providerUserInfo": providerUserInfo.map(\.json), "validSince": String(validSince),
      "createdAt": String(createdAt), "lastLoginAt": String(lastLoginAt),
    ]
    out["email"] = email
    out["emailVerified"] = email == nil ? nil : emailVerified
    out["displayName"] = displayName
    out["photoUrl"] = photoUrl
    out["screenName"] = screenName
    out["phoneNumber"] = phoneNumber
    out["customAttributes"] = customAttributes
    out["passwordHash"] = passwordHash == nil ? nil : Self.redactedHash
    out["passwordUpdatedAt"] = passwordUpdatedAt
    out["disabled"] = disabled ? true : nil
    out["lastRefreshAt"] = lastRefreshAt.map(IdentityToolkitAccount.iso8601)
    out["tenantId"] = tenantId
    out["mfaInfo"] = (mfaInfo ?? []).isEmpty ? nil : mfaInfo!.map(\.json)
    return out
  }

  /// `firebase.identities` of the ID token: the email and each IdP's raw ids (no `password`).
  var identities: [String: [String]] {
    var out: [String: [String]] = [:]
    if let email { out["email"] = [email] }
    if let phoneNumber { out["phone"] = [phoneNumber] }
    for info in providers { out[info.providerId, default: []].append(info.rawId) }
    return out
  }

  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }
}
