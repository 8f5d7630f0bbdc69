import Foundation

extension Auth {
  /// Begins a device sign-in (RFC 8628) and returns it as a `DeviceSignInSession`: asks the provider
  /// for a device code and a user code (§3.1–§3.2) and starts polling (§3.4–§3.5). The shell shows
  /// `session.prompt`; the user approves on any device with a browser. The result goes through the same
  /// account operation as a redirect's (`intent`: sign in, link, reauthenticate).
  ///
  /// The session waits until the codes expire (`auth/code-expired`), or at most `timeout`
  /// (`auth/timeout`) when one is given. `link` and `reauthenticate` need a signed-in user
  /// (`auth/no-current-user`); a provider without a device grant gives `auth/operation-not-allowed`.
  public func startDeviceSignIn(
    _ provider: OAuthProvider, intent: SignInIntent = .signIn, account uid: String? = nil, timeout: Duration? = nil
  ) async throws -> DeviceSignInSession {
    if intent != .signIn { _ = try await requireAccount(uid) }
    let grant = try await authorization.beginDeviceAuthorization(provider, intent: intent)
    let session = DeviceSignInSession(grant: grant, auth: self, accountUID: intent == .signIn ? nil : uid)
    await session.start(timeout: timeout, clock: environment.clock)
    return session
  }

  /// Whether `providerID` is configured to sign in with the device grant by default
  /// (`redirect = "device"`).
  public nonisolated func prefersDeviceSignIn(_ providerID: String) -> Bool {
    configuration.providers[providerID]?.redirectMode == .device
  }
}
