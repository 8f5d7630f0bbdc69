import Foundation

/// Where Identity Toolkit's requests go: production, or a Firebase Auth emulator in its URL layout,
/// which puts the production host in the path (firebase-tools `src/emulator/auth/`, docs/firebase.md):
/// `http://HOST/identitytoolkit.googleapis.com/v1/accounts:OP?key=…` and
/// `http://HOST/securetoken.googleapis.com/v1/token?key=…`. Token refresh follows the same choice.
struct IdentityToolkitEndpoints: Sendable, Equatable {
  static let identityToolkitHost = "identitytoolkit.googleapis.com"
  static let secureTokenHost = "securetoken.googleapis.com"
  /// The JWK Set of Firebase ID tokens (Admin SDK, "Verify ID tokens using a third-party JWT library").
  static let publicKeysPath = "www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"

  let apiKey: String
  /// `http://HOST` of an emulator; nil: production over https.
  let emulator: URL?

  init(_ settings: FirebaseSettings) {
    apiKey = settings.apiKey
    emulator = settings.emulatorHost.flatMap(FirebaseSettings.loopbackHost)
  }

  /// `accounts:OPERATION` (`signInWithIdp`, `signUp`, …).
  func accounts(_ operation: String) -> URL { url(Self.identityToolkitHost, "v1/accounts:\(operation)") }

  /// The second factor's v2 operations: `accounts/mfaEnrollment:start`, `accounts/mfaSignIn:finalize`, …
  func accountsV2(_ operation: String) -> URL { url(Self.identityToolkitHost, "v2/accounts/\(operation)") }

  /// The Secure Token API's `token` (refresh).
  var token: URL { url(Self.secureTokenHost, "v1/token") }

  /// The public keys of the ID tokens (no API key).
  var publicKeys: URL {
    let path = Self.publicKeysPath
    guard let emulator else { return URL(string: "https://\(path)")! }
    return URL(string: "\(emulator.absoluteString)/\(path)")!
  }

  private func url(_ host: String, _ path: String) -> URL {
    let base = emulator.map { "\($0.absoluteString)/\(host)" } ?? "https://\(host)"
    var query = FormParameters()
    query.append("key", apiKey)
    return URL(string: "\(base)/\(path)")!.appendingQuery(query)
  }
}
