import Foundation

/// A second factor of an emulated account (Identity Toolkit's `MfaEnrollment`): only TOTP. The shared
/// secret is kept as base 32, since checking a code needs it (the emulator's accounts file is 0600).
struct MFAEnrollment: Codable, Sendable {
  var mfaEnrollmentId: String
  var displayName: String?
  var enrolledAt: Date
  var sharedSecretKey: String
  /// The last time step whose code was accepted: a code is used once (RFC 6238 §5.2).
  var lastUsedStep: Int64?

  /// `mfaInfo[]` of `accounts:lookup` and of a sign-in that needs the second factor.
  var json: [String: Any] {
    var out: [String: Any] = [
      "mfaEnrollmentId": mfaEnrollmentId, "enrolledAt": IdentityToolkitAccount.iso8601(enrolledAt),
      "totpInfo": [String: Any](),
    ]
    out["displayName"] = displayName
    return out
  }

  var totp: TOTP { TOTP(secret: Base32.decode(sharedSecretKey) ?? Data()) }
}

/// A TOTP enrollment begun with `mfaEnrollment:start` and not yet finalized, remembered by the digest
/// of its `sessionInfo`.
struct TOTPEnrollmentSession: Codable, Sendable {
  var localId: String
  var tenantId: String?
  var sharedSecretKey: String
  var expiresAt: Date
}

/// What an `mfaPendingCredential` stands for: a first factor that succeeded, waiting for the second.
struct MFAPendingRecord: Codable, Sendable {
  var localId: String
  var tenantId: String?
  var signInProvider: String
  var authTime: Date
  var expiresAt: Date
  /// Wrong codes so far; the credential is dropped after `IdentityToolkitOperation.maxCodeAttempts`.
  var failedCodes = 0
}
