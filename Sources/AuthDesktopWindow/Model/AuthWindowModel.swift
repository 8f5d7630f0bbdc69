import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation

/// The window's model on the real `Auth`: provider sign-in through the system browser (custom-scheme
/// redirects arrive through `deliver`, loopback ones through a `SoupRedirectListener`), email/password,
/// the conflict flow (sign in with the existing method, then link the waiting credential), and the
/// account actions. Failures become `.error` with the engine's sentence, never a raw dump.
@GLibMainActor
final class AuthWindowModel: WindowModel {
  private(set) var state: WindowState = .signedOut {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?

  private let auth: Auth
  private let configuration: AuthConfiguration
  let schemeWarning: String?
  let isEmulator: Bool
  /// How long the waiting page waits for the redirect (at most the pending sign-in's own lifetime).
  private let signInTimeout: Duration
  private var pending: PendingAuthorization?
  private var listener: (any BoundRedirectListener)?
  /// Set by `signInAndLink`: after the next successful sign-in, link the waiting credential.
  private var linkAfterSignIn = false

  nonisolated init(
    auth: Auth, configuration: AuthConfiguration, schemeWarning: String? = nil, isEmulator: Bool = false,
    signInTimeout: Duration = .seconds(600)
  ) {
    self.auth = auth
    self.configuration = configuration
    self.schemeWarning = schemeWarning
    self.isEmulator = isEmulator
    self.signInTimeout = signInTimeout
  }

  func providers() -> [(id: String, title: String)] {
    configuration.providerIDs.map { ($0, WindowText.providerTitle($0)) }
  }

  func currentUser() async -> User? { try? await auth.currentUser() }

  /// Shows the signed-in user, or the sign-in page.
  func refresh() {
    Task { @GLibMainActor in
      _ = try? await auth.recoverInterruptedOperations()
      state = await currentUser().map { .signedIn(summary($0)) } ?? .signedOut
    }
  }

  func deliver(_ url: URL) async {
    do {
      let result = try await auth.completeRedirect(url)
      pending = nil
      try await finishSignIn(result)
    } catch {
      show(error)
    }
  }

  /// Shows the signed-in user, after linking the waiting credential when `signInAndLink` asked for it.
  private func finishSignIn(_ result: AuthDataResult) async throws {
    var result = result
    if linkAfterSignIn {
      linkAfterSignIn = false
      result = try await auth.linkPendingCredential()
    }
    state = .signedIn(summary(result.user))
  }

  func signIn(providerID: String) { start(providerID, intent: .signIn) }

  func signIn(email: String, password: String) {
    Task { @GLibMainActor in
      do {
        try await finishSignIn(try await auth.signIn(email: email, password: Password(password)))
      } catch {
        show(error)
      }
    }
  }

  func showSignUp() { state = .signUp }

  /// Firebase's `createUser(withEmail:password:)`, as the CLI's `sign-up-email`: the same checks and errors.
  func signUp(email: String, password: String) {
    Task { @GLibMainActor in
      do {
        try await finishSignIn(try await auth.createUser(email: email, password: Password(password)))
      } catch {
        show(error)
      }
    }
  }

  func cancelSignIn() {
    let (pending, listener) = (self.pending, self.listener)
    self.pending = nil
    self.listener = nil
    Task { @GLibMainActor in
      if let pending { await auth.providers.cancel(pendingID: pending.id) }
      await listener?.close()
      refresh()
    }
  }

  func signInAndLink(method: String) {
    linkAfterSignIn = true
    if method == "password" { state = .signedOut } else { start(method, intent: .signIn) }
  }

  func link(providerID: String) { start(providerID, intent: .link) }

  func unlink(providerID: String) {
    Task { @GLibMainActor in
      do {
        guard let user = try await auth.currentUser() else { return refresh() }
        state = .signedIn(summary(try await user.unlink(fromProvider: providerID)))
      } catch {
        show(error)
      }
    }
  }

  func reauthenticate() {
    Task { @GLibMainActor in
      guard let provider = await currentUser()?.providerData.first?.providerID else {
        return show(AuthError(.noSuchProvider, origin: .request, detail: "reauthenticate with your password instead"))
      }
      start(provider, intent: .reauthenticate)
    }
  }

  func signOut() {
    Task { @GLibMainActor in
      do {
        try await auth.signOut()
        state = .signedOut
      } catch {
        show(error)
      }
    }
  }

  func deleteAccount() {
    Task { @GLibMainActor in
      do {
        try await auth.currentUser()?.delete()
        state = .signedOut
      } catch {
        show(error)
      }
    }
  }

  func dismissError() { refresh() }

  private func start(_ providerID: String, intent: Auth.Intent) {
    Task { @GLibMainActor in
      do {
        let redirect = try await auth.providers.redirectURI(for: providerID)
        let provider = OAuthProvider(providerID: providerID)
        if redirect.mode == .loopback {
          let bound = try await SoupRedirectListener().bind(path: redirect.uri.path)
          listener = bound
          let pending = try await auth.providers.begin(
            provider, intent: intent.rawValue, loopbackRedirectURI: bound.redirectURI)
          await open(pending, providerID: providerID)
          let url: URL
          do {
            url = try await bound.redirect()
          } catch  where self.pending?.id != pending.id {
            return  // Cancelled or timed out: that path closed the listener and shows its own page.
          }
          await bound.close()
          listener = nil
          await deliver(url)
        } else {
          await open(try await auth.providers.begin(provider, intent: intent.rawValue), providerID: providerID)
        }
      } catch {
        show(error)
      }
    }
  }

  /// Shows "Continue in your browser" and opens it; without a browser the page's "Copy link" remains.
  private func open(_ pending: PendingAuthorization, providerID: String) async {
    self.pending = pending
    state = .waiting(providerTitle: WindowText.providerTitle(providerID), authorizationURL: pending.authorizationURL)
    try? await GioBrowserLauncher().open(pending.authorizationURL)
    // The waiting page times out with the pending sign-in itself (its `state` expires).
    Task { @GLibMainActor in
      try? await Task.sleep(for: min(signInTimeout, .seconds(max(0, pending.expiresAt.timeIntervalSinceNow))))
      guard self.pending?.id == pending.id else { return }
      self.pending = nil
      await auth.providers.cancel(pendingID: pending.id)
      await listener?.close()
      listener = nil
      state = .error(WindowText.signInTimedOut)
    }
  }

  private func summary(_ user: User) -> AccountSummary { AccountSummary(user, configured: configuration.providerIDs) }

  private func show(_ error: Error) {
    guard let error = error as? AuthError else { return state = .error(WindowProblem(error)) }
    if error.code == .accountExistsWithDifferentCredential, let email = error.email {
      state = .conflict(email: email, methods: error.signInMethods, providerID: error.providerID ?? "")
    } else if error.code == .webContextCancelled, pending == nil {
      refresh()
    } else {
      state = .error(WindowProblem(error))
    }
  }
}
