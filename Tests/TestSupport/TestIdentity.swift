import AuthEngine

extension AppIdentity {
  /// The identity the tests give the engine: AuthDesktop's own (a test in AuthDesktopTests checks they
  /// are equal), so redirect URIs registered at the test servers match what the executables send.
  public static let tests = AppIdentity(
    applicationID: "dev.authdesktop.AuthDesktop", name: "auth-desktop", version: "0.2.0")
}

extension ConfigurationLoader {
  /// `parse(_:source:identity:providers:)` with the tests' identity.
  public static func parse(_ text: String, source: String = "config.toml", providers: ProviderTable = .builtIn)
    throws -> AuthConfiguration
  {
    try parse(text, source: source, identity: .tests, providers: providers)
  }

  /// `load(_:identity:providers:)` with the tests' identity.
  public static func load(_ paths: ConfigurationPaths) throws -> AuthConfiguration? {
    try load(paths, identity: .tests)
  }
}
