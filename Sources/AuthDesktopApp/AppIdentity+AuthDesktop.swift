import AuthEngine

extension AppIdentity {
  /// AuthDesktop's identity: its D-Bus name and desktop entry, its URL scheme
  /// (`dev.authdesktop.authdesktop`), its keyring schema, the User-Agent it sends and the issuer and
  /// audience of the ID tokens its local accounts mint.
  public static let authDesktop = AppIdentity(
    applicationID: "dev.authdesktop.AuthDesktop", name: "auth-desktop", version: "0.2.0")
}
