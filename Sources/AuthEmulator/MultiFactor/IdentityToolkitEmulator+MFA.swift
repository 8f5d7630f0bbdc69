import Foundation

/// Where the second factor's v2 operations are (`IdentityToolkitOperation+MFA`), and their request fields.
extension IdentityToolkitEmulator {
  static let mfaPrefixes = ["/identitytoolkit.googleapis.com/v2/accounts/", "/v2/accounts/"]

  /// `mfaEnrollment:start` for `…/v2/accounts/mfaEnrollment:start`, and so on; nil for other paths.
  static func mfaOperation(_ path: String) -> String? {
    guard let prefix = mfaPrefixes.first(where: { path.hasPrefix($0) }) else { return nil }
    let operation = String(path.dropFirst(prefix.count))
    return IdentityToolkitBody.mfaSchema[operation] == nil ? nil : operation
  }
}

extension IdentityToolkitBody {
  /// The v2 discovery schema's fields of the second factor's operations.
  static let mfaSchema: [String: Set<String>] = [
    "mfaEnrollment:start": ["idToken", "phoneEnrollmentInfo", "tenantId", "totpEnrollmentInfo"],
    "mfaEnrollment:finalize": [
      "displayName", "idToken", "phoneVerificationInfo", "tenantId", "totpVerificationInfo",
    ],
    "mfaEnrollment:withdraw": ["idToken", "mfaEnrollmentId", "tenantId"],
    "mfaSignIn:finalize": [
      "mfaEnrollmentId", "mfaPendingCredential", "phoneVerificationInfo", "tenantId", "totpVerificationInfo",
    ],
  ]
}
