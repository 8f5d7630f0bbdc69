import AuthEngine
import Foundation

/// Where a device authorization was asked for: the GitHub-like server, or one of the two OpenID
/// issuers. Each has its own verification page, which takes only its own user codes.
enum DeviceProvider: Sendable, Equatable {
  case github
  case oidc(OIDCIssuer)

  var provider: EmulatorIdentity.Provider {
    switch self {
    case .github: .github
    case .oidc: .oidc
    }
  }

  var issuer: OIDCIssuer? {
    switch self {
    case .github: nil
    case .oidc(let issuer): issuer
    }
  }

  /// RFC 8628 §3.2 `verification_uri`, below the emulator's base URL: GitHub's `/login/device`, the
  /// issuer's `/device`.
  var pagePath: String {
    switch self {
    case .github: EmulatorRoutes.githubDevicePage
    case .oidc(let issuer): issuer.path + "/device"
    }
  }
}

/// One device authorization request (RFC 8628 §3.1), kept under its device code until it is redeemed
/// or a while after it expired (so late polls still get `expired_token`).
struct DeviceAuthorization: Sendable {
  enum Decision: Sendable {
    case pending
    case approved(EmulatorIdentity, at: Date)
    case denied
    /// The token was issued: the device code is single use.
    case redeemed
  }

  var provider: DeviceProvider
  var clientID: String
  var scopes: [String]
  /// As shown to the user: `BCDF-GHJK`.
  var userCode: String
  var expiresAt: Date
  /// RFC 8628 §3.5: the interval in force for this device code, grown by each `slow_down`.
  var interval: Int
  var lastPoll: Date?
  var decision: Decision

  /// RFC 8628 §6.1: base-20 consonants, hard to misread and unable to spell words.
  static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

  /// Eight characters of `userCodeAlphabet`, shown as `XXXX-XXXX` (GitHub's shape).
  static func newUserCode(random: any RandomSource) -> String {
    var characters: [Character] = []
    while characters.count < 8 {
      // 240 = 12 × 20: bytes above it would bias the modulo.
      for byte in random.bytes(8) where byte < 240 && characters.count < 8 {
        characters.append(userCodeAlphabet[Int(byte) % userCodeAlphabet.count])
      }
    }
    return String(characters.prefix(4)) + "-" + String(characters.suffix(4))
  }

  /// RFC 8628 §6.1: case and punctuation do not matter when the user types the code.
  static func normalized(_ userCode: String) -> String {
    String(
      userCode.uppercased().unicodeScalars.filter {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))
      })
  }
}
