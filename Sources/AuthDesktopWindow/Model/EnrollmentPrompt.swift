import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

/// The enrollment page's data (`WindowState.enrollSecondFactor`): the TOTP key in groups of four and the
/// `otpauth://` URI its QR code carries, and what was wrong with the last code. `secret` finishes the
/// enrollment (nil in the preview); it takes no part in equality.
struct EnrollmentPrompt: Sendable, Equatable {
  var groupedKey: String
  var otpauthURI: String
  var problem: WindowProblem?
  var secret: TOTPSecret?

  init(groupedKey: String, otpauthURI: String, problem: WindowProblem? = nil, secret: TOTPSecret? = nil) {
    self.groupedKey = groupedKey
    self.otpauthURI = otpauthURI
    self.problem = problem
    self.secret = secret
  }

  /// `secret` for `accountName`'s account, in the Firebase project `issuer`.
  init(_ secret: TOTPSecret, accountName: String, issuer: String) {
    let key = Array(secret.sharedSecretKey.reveal())
    let groups = stride(from: 0, to: key.count, by: 4).map { String(key[$0..<min($0 + 4, key.count)]) }
    self.init(
      groupedKey: groups.joined(separator: " "),
      otpauthURI: secret.otpauthURI(accountName: accountName, issuer: issuer),
      secret: secret)
  }

  static func == (lhs: EnrollmentPrompt, rhs: EnrollmentPrompt) -> Bool {
    lhs.groupedKey == rhs.groupedKey && lhs.otpauthURI == rhs.otpauthURI && lhs.problem == rhs.problem
  }
}
