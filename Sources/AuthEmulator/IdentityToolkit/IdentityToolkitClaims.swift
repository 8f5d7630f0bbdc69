import Foundation

/// Custom claims as the Admin API sets them (`accounts:update` `customAttributes`, the text of a JSON
/// object) and as the ID tokens carry them. The checks and codes are firebase-tools'
/// (`validateSerializedCustomClaims`): at most 1000 characters (`CLAIMS_TOO_LARGE`), a JSON object
/// (`INVALID_CLAIMS`), and none of the claim names Firebase reserves (`FORBIDDEN_CLAIM : NAME`).
enum IdentityToolkitClaims {
  static let maximumLength = 1000
  /// The JWT and Firebase claims a developer may not set
  /// (https://firebase.google.com/docs/auth/admin/custom-claims).
  static let reserved = [
    "acr", "amr", "at_hash", "aud", "auth_time", "azp", "c_hash", "cnf", "exp", "firebase", "iat", "iss", "jti",
    "nbf", "nonce", "sub",
  ]

  /// `text` when it may be stored, else the error Google's emulator answers.
  static func validate(_ text: String) throws -> String {
    try IdentityToolkitError.check(text.count <= maximumLength, "CLAIMS_TOO_LARGE")
    guard let data = text.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
    else { throw IdentityToolkitError("INVALID_CLAIMS") }
    if let name = reserved.first(where: { object[$0] != nil }) {
      throw IdentityToolkitError("FORBIDDEN_CLAIM : \(name)")
    }
    return text
  }

  /// The stored claims as an ID token's members (none for nil or anything that is not an object).
  static func parse(_ text: String?) -> [String: Any] {
    guard let data = text?.data(using: .utf8) else { return [:] }
    return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
  }
}
