import AuthEngine

extension AppIdentity {
  /// The benchmarks speak as AuthDesktop does (same application id), under their own program name.
  static let bench = AppIdentity(applicationID: "dev.authdesktop.AuthDesktop", name: "auth-desktop-bench", version: "0")
}
