import Foundation

/// `[firebase]`: keep the accounts in a Firebase project, through Identity Toolkit's REST API (v1),
/// instead of on this machine (docs/firebase.md).
public struct FirebaseSettings: Sendable, Equatable {
  /// The variable the Firebase SDKs read for the Auth emulator (`HOST:PORT`).
  public static let emulatorHostVariable = "FIREBASE_AUTH_EMULATOR_HOST"

  /// The project's Web API key: it identifies the project (`?key=`), it is not a secret.
  public var apiKey: String
  public var projectID: String
  /// Identity Platform multi-tenancy: the tenant the accounts are in.
  public var tenantID: String?
  /// `HOST:PORT` of a Firebase Auth emulator standing in for production (`emulator_host`, else
  /// `$FIREBASE_AUTH_EMULATOR_HOST`); nil: production.
  public var emulatorHost: String?

  public init(apiKey: String, projectID: String, tenantID: String? = nil, emulatorHost: String? = nil) {
    self.apiKey = apiKey
    self.projectID = projectID
    self.tenantID = tenantID
    self.emulatorHost = emulatorHost
  }

  public var location: AccountLocation {
    .firebase(projectID: projectID, tenantID: tenantID, emulatorHost: emulatorHost)
  }

  /// The name of this project's state on this machine: the data dir's folder and the secret store's
  /// partition (`firebase-PROJECT`, with `-TENANT` and `-emulator` when they apply). Project and tenant
  /// ids are letters, digits and `-` (checked when the configuration is read).
  public var storageName: String {
    ["firebase", projectID, tenantID, emulatorHost == nil ? nil : "emulator"].compactMap { $0 }.joined(separator: "-")
  }

  /// Project and tenant ids: lowercase letters, digits and `-` (Google Cloud project ids; tenant ids
  /// also allow capitals), 1 to 63 characters.
  static func isIdentifier(_ text: String, allowingCapitals: Bool) -> Bool {
    !text.isEmpty && text.count <= 63 && text.first != "-"
      && text.allSatisfy {
        $0.isASCII && ($0.isNumber || $0 == "-" || ($0.isLetter && (allowingCapitals || $0.isLowercase)))
      }
  }

  /// `HOST:PORT` on the loopback interface (the emulator speaks plain http, RFC 8252 §8.3 allows that
  /// only there); nil when `text` is not one.
  static func loopbackHost(_ text: String) -> URL? {
    guard let url = URL(string: "http://\(text)"), url.port != nil, url.path.isEmpty, url.query == nil,
      url.user == nil, EndpointPolicy.isLoopback(url)
    else { return nil }
    return url
  }
}
