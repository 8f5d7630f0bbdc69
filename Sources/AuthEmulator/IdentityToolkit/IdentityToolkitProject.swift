import AuthEngine
import Crypto
import Foundation

/// The Firebase project the Identity Toolkit emulator plays: its id, and the sign-in providers enabled
/// in its console, with the settings a console asks for (GitHub: nothing the check needs; X: the consumer
/// key and secret; OpenID Connect: the issuer and client id). Every request's API key maps to it, as in
/// firebase-tools (`server.ts` `getProjectIdByApiKey`: any non-empty key is the default project).
public struct IdentityToolkitProject: Sendable {
  /// A provider as the project's console has it enabled.
  public enum IdP: Sendable {
    case github
    /// The X app the desktop leg signs with (RFC 5849 §3.4.2: tokens are bound to the consumer).
    case twitter(consumerKey: String, consumerSecret: ConsumerSecret)
    /// The issuer's ID tokens must name `clientID` as their audience.
    case oidc(issuer: URL, clientID: String)
  }

  /// `demo-` projects are the ones firebase-tools never connects to production for.
  public static let defaultProjectID = "demo-authdesktop"

  public var projectID: String
  /// The project number, which Secure Token answers as `project_id` (firebase-tools `grantToken`).
  public var projectNumber: String
  /// Keyed by Firebase provider id: `github.com`, `twitter.com`, `oidc.NAME`.
  public var providers: [String: IdP]
  public var passwordEnabled = true
  /// Anonymous sign-up (`signUp` without email and password); off, as in a new project.
  public var anonymousEnabled = false
  /// Production's lockout: after this many wrong passwords the account answers
  /// `TOO_MANY_ATTEMPTS_TRY_LATER` for an hour (nil: never, as in firebase-tools).
  public var maxPasswordAttempts: Int?
  /// The emulator's scrypt cost for stored passwords.
  public var passwordCost = PasswordHasher.Cost.default

  public init(projectID: String = defaultProjectID, providers: [String: IdP]) {
    self.projectID = projectID
    self.providers = providers
    projectNumber = Self.number(of: projectID)
  }

  /// A 12-digit project number derived from the id.
  static func number(of projectID: String) -> String {
    let digest = SHA256.hash(data: Data(projectID.utf8))
    return String(
      digest.prefix(5).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % 900_000_000_000 + 100_000_000_000)
  }

  /// This project's console settings under another project id (the emulator serves any project).
  func named(_ id: String) -> IdentityToolkitProject {
    guard id != projectID else { return self }
    var other = self
    (other.projectID, other.projectNumber) = (id, Self.number(of: id))
    return other
  }

  /// The providers of `configuration` (nil: the built-in one) as the emulator at `base` serves them:
  /// the same pointing `EmulatorSetup` gives the app, so the project's X app and OpenID client are the
  /// ones the desktop leg uses (the console must match the desktop leg, as in production).
  public init(
    projectID: String = defaultProjectID, configuration: AuthConfiguration?, emulatorBaseURL base: URL,
    identity: AppIdentity
  ) {
    var pointed = EmulatorSetup.configuration(configuration, pointingAt: base, identity: identity)
    if pointed.providers.isEmpty {  // a file without providers (only [app], [firebase]): the built-in ones
      pointed.providers = EmulatorSetup.defaultConfiguration(emulatorBaseURL: base, identity: identity).providers
    }
    var providers: [String: IdP] = [:]
    for (id, settings) in pointed.providers {
      switch pointed.providerTable.row(for: id, flow: settings.flow)?.emulator?.mount {
      case EmulatorIdentity.Provider.github.rawValue?: providers[id] = .github
      case EmulatorIdentity.Provider.twitter.rawValue?:
        if let key = settings.consumerKey, let secret = settings.consumerSecret {
          providers[id] = .twitter(consumerKey: key, consumerSecret: secret)
        }
      case EmulatorIdentity.Provider.oidc.rawValue?:
        if let issuer = settings.endpoints[.issuer], let clientID = settings.clientID {
          providers[id] = .oidc(issuer: issuer, clientID: clientID)
        }
      default: continue
      }
    }
    self.init(projectID: projectID, providers: providers)
  }

  /// Provider ids Identity Platform knows, enabled or not: an unknown one is `INVALID_PROVIDER_ID`, a
  /// known one that is not enabled `OPERATION_NOT_ALLOWED`.
  static func isKnownProviderType(_ id: String) -> Bool {
    [
      "github.com", "twitter.com", "google.com", "facebook.com", "apple.com", "microsoft.com", "yahoo.com",
      "playgames.google.com", "gc.apple.com",
    ].contains(id) || (id.hasPrefix("oidc.") && id.count > 5)
      || (id.hasPrefix("saml.") && id.count > 5)
  }
}
