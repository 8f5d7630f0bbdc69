/// Who the app is, to providers and to whoever trusts its ID tokens. The engine has no identity of its
/// own: the app that links it supplies one (AuthDesktop's is `AppIdentity.authDesktop`, in the app), and
/// the configuration carries it (`AppSettings.identity`).
public struct AppIdentity: Sendable, Equatable {
  /// Reverse-DNS application id (`dev.authdesktop.AuthDesktop`): the D-Bus name, desktop entry and
  /// keyring schema of the app.
  public var applicationID: String
  /// The program's name in the User-Agent.
  public var name: String
  public var version: String

  public init(applicationID: String, name: String, version: String) {
    self.applicationID = applicationID
    self.name = name
    self.version = version
  }

  /// The default private-use URI scheme of redirects (RFC 8252 §7.1): the application id, lowercased.
  public var redirectScheme: String { applicationID.lowercased() }
  /// Sent to providers (RFC 9110 §10.1.5).
  public var userAgent: String { "\(name)/\(version) (+\(applicationID))" }
  /// `iss` of the ID tokens the local account store mints.
  public var idTokenIssuer: String { "https://\(applicationID)" }
  /// `aud` of those ID tokens.
  public var idTokenAudience: String { applicationID }
  /// The desktop entry that opens the app (and its URL scheme).
  public var desktopID: String { applicationID + ".desktop" }
}
