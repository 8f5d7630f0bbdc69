import Foundation

extension Auth {
  /// Begins a provider sign-in and returns it as a `SignInSession` (AppAuth's present-and-resume):
  /// binds the loopback listener when `redirect` is one, stores the pending request (state, PKCE
  /// S256, nonce), and asks `browser` to open the authorization URL (RFC 8252 §6: the system browser).
  /// The session then waits for its redirect, at most `timeout`.
  ///
  /// `link` and `reauthenticate` need a signed-in user (`auth/no-current-user`): `uid`, or the current
  /// user when the redirect is completed (nil). The pending request stores `uid`, so the process that
  /// completes the redirect (`completeRedirect`) applies it to that user too; one signed out by then is
  /// `auth/account-signed-out`. When the browser
  /// cannot be opened, `browser` decides: the shell's launcher may show the link instead and return,
  /// or throw, and then the sign-in is cancelled and the error rethrown.
  public func startSignIn(
    _ provider: OAuthProvider, intent: SignInIntent = .signIn, account uid: String? = nil, browser: any BrowserLauncher,
    redirect: RedirectSource, timeout: Duration
  ) async throws -> SignInSession {
    if intent != .signIn { _ = try await requireAccount(uid) }
    let pending: PendingAuthorization
    var bound: (any BoundRedirectListener)?
    switch redirect {
    case .scheme(let receiver):
      pending = try await authorization.begin(provider, intent: intent, receiver: receiver, account: uid)
    case .loopback(let listener):
      let path = try await authorization.redirectURI(for: provider.providerID, mode: .loopback).path
      let listening = try await listener.bind(path: path)
      bound = listening
      do {
        pending = try await authorization.begin(
          provider, intent: intent, loopbackRedirectURI: listening.redirectURI, account: uid)
      } catch {
        await listening.close()
        throw error
      }
    }
    let session = SignInSession(
      pending: pending, auth: self, listener: bound, accountUID: intent == .signIn ? nil : uid)
    await session.watch(timeout: timeout, clock: environment.clock)
    do {
      try await browser.open(pending.authorizationURL)
    } catch {
      await session.cancel()
      throw error
    }
    return session
  }
}
