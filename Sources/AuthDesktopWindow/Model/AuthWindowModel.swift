import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// The window's model on the real `Auth`: provider sign-in as the engine's `SignInSession` (the system
/// browser; custom-scheme redirects arrive through `deliver`, loopback ones through a
/// `SoupRedirectListener`), email/password, the conflict flow (sign in with the existing method, then
/// link the waiting credential), the account actions, and sign-up. Failures become `.error`, worded by
/// the app (`WindowProblem`, from `UserFacingError`), never a raw dump.
///
/// One provider sign-in at a time: while one starts or waits, another button does nothing, and Cancel
/// (or the waiting page's timeout) ends it — its pending request deleted, its listener closed.
@GLibMainActor
final class AuthWindowModel: WindowModel {
  /// `.loading` until the first `refresh` has read the store.
  var state: WindowState = .loading {
    didSet { onStateChange?(state) }
  }
  var onStateChange: (@GLibMainActor (WindowState) -> Void)?
  /// Set by the application: brings the window to the front (a loopback sign-in completes behind the
  /// browser, and no desktop activation brings it forward).
  var onPresentRequest: (@GLibMainActor () -> Void)?

  let auth: Auth
  let configuration: AuthConfiguration
  let schemeWarning: String?
  /// Which program opens the app's scheme: with the configuration, it chooses each sign-in's redirect.
  let registration: SchemeRegistration
  let isEmulator: Bool
  /// Runs before each provider sign-in: in emulator mode, makes sure the emulator answers.
  let prepareSignIn: @Sendable () async throws -> Void
  /// How long the waiting page waits for the redirect (at most the pending sign-in's own lifetime).
  private let signInTimeout: Duration
  /// The provider sign-in in flight, through the browser or on another device (one at a time);
  /// `starting` covers the moments before its session exists.
  private var session: SignInSession?
  var deviceSession: DeviceSignInSession?
  var starting = false
  /// Set by `signInAndLink`: after the next successful sign-in, link the waiting credential.
  private var linkAfterSignIn = false
  /// Reports writes to the store by any process (`followStore`, `AuthWindowModel+Store`).
  var storeMonitor: StoreMonitor?
  /// Whether `showStore` runs, and whether the store changed again meanwhile.
  var followingStore = false
  var storeChangedAgain = false

  /// No provider sign-in starts or waits.
  var isIdle: Bool { session == nil && deviceSession == nil && !starting }

  nonisolated init(
    auth: Auth, configuration: AuthConfiguration, schemeWarning: String? = nil,
    registration: SchemeRegistration = .thisApp, isEmulator: Bool = false,
    signInTimeout: Duration = .seconds(600), prepareSignIn: @escaping @Sendable () async throws -> Void = {}
  ) {
    self.auth = auth
    self.configuration = configuration
    self.schemeWarning = schemeWarning
    self.registration = registration
    self.isEmulator = isEmulator
    self.signInTimeout = signInTimeout
    self.prepareSignIn = prepareSignIn
  }

  func providers() -> [(id: String, title: String)] {
    configuration.providerIDs.map { ($0, WindowText.providerTitle($0)) }
  }

  func currentUser() async -> User? { try? await auth.currentUser() }

  /// Leaves `.loading` for `user`'s page (read by the launch, `WindowLaunch.Prepared`), unless a sign-in
  /// has begun or the state has moved on since.
  func showFirstPage(for user: User?) {
    guard state == .loading, isIdle else { return }
    state = user.map { .signedIn(summary($0)) } ?? .signedOut
    // The other signed-in users, listed under the current one.
    if user != nil { storeChanged() }
  }

  /// Shows the signed-in user, or the sign-in page — unless a sign-in is in flight.
  func refresh() {
    let fromConnectedApps = showsConnectedApps
    Task { @GLibMainActor in
      _ = try? await auth.recoverInterruptedOperations()
      let now = await storeState()
      // Connected apps opened meanwhile (the window became active as its menu closed) stays open.
      guard isIdle, fromConnectedApps || !showsConnectedApps else { return }
      state = now
    }
  }

  /// The store may have changed in another process (`auth-desktop sign-out` in a terminal): the window
  /// shows what it holds now, unless it waits for a sign-in or shows a conflict or an error.
  func storeMayHaveChanged() {
    switch state {
    case .signedIn, .signedOut: refresh()
    case .connectedApps: storeChanged()
    // The first refresh is under way.
    case .loading, .addAccount, .signUp, .waiting, .device, .conflict, .secondFactor, .enrollSecondFactor, .error,
      .unavailable:
      break
    }
  }

  /// A redirect the desktop handed to the application: the waiting session's, or — when none waits —
  /// one for a sign-in this window began before it was closed. A redirect that belongs to no session
  /// while one waits (forged, or stale) is ignored: it must not end the user's sign-in.
  func deliver(_ url: URL) async {
    if let session {
      _ = await session.resume(with: url)
      return
    }
    do {
      try await finishSignIn(try await auth.completeRedirect(url))
    } catch {
      show(error)
    }
  }

  func signIn(providerID: String) { start(providerID, intent: .signIn) }

  func cancelSignIn() {
    linkAfterSignIn = false
    if let deviceSession {
      Task { await deviceSession.cancel() }
    } else if let session {
      Task { await session.cancel() }
    } else {
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
        state = await signedInState(try await user.unlink(fromProvider: providerID))
      } catch {
        show(error)
      }
    }
  }

  func reauthenticate() {
    Task { @GLibMainActor in
      guard let provider = await currentUser()?.providerData.first(where: { $0.providerID != "password" })?.providerID
      else {
        return show(AuthError(.noSuchProvider, origin: .request))
      }
      start(provider, intent: .reauthenticate)
    }
  }

  func signOut() {
    Task { @GLibMainActor in
      do {
        try await auth.signOut()
        state = await storeState()
      } catch {
        show(error)
      }
    }
  }

  func deleteAccount() {
    Task { @GLibMainActor in
      do {
        try await auth.currentUser()?.delete()
        state = await storeState()
      } catch {
        show(error)
      }
    }
  }

  func dismissError() { refresh() }

  /// Starts a provider sign-in unless one is in flight, shows the waiting page, and shows its end. A
  /// provider configured with `redirect = "device"` signs in on another device instead, and so does one
  /// with the device grant when no browser can be opened here.
  private func start(_ providerID: String, intent: SignInIntent) {
    guard isIdle else { return }
    let choice = redirectChoice(providerID)
    if choice.mode == .device { return startOnAnotherDevice(providerID, intent: intent) }
    starting = true
    let fallsBackToDevice = configuration.hasDeviceGrant(providerID, orByDiscovery: true)
    Task { @GLibMainActor in
      let source: RedirectSource
      let session: SignInSession
      do {
        try await prepareSignIn()
        source =
          choice.mode == .scheme
          ? .scheme(receiver: AppIdentity.authDesktop.applicationID)
          : .loopback(SoupRedirectListener(pages: .translated))
        session = try await auth.startSignIn(
          OAuthProvider(providerID: providerID), intent: intent,
          browser: WindowBrowser(throwsWhenUnavailable: fallsBackToDevice), redirect: source, timeout: signInTimeout)
      } catch let error as AuthError where error.code == .browserUnavailable && fallsBackToDevice {
        starting = false
        return startOnAnotherDevice(providerID, intent: intent)
      } catch {
        starting = false
        return show(error)
      }
      self.session = session
      starting = false
      state = .waiting(
        providerTitle: WindowText.providerTitle(providerID), authorizationURL: session.pending.authorizationURL)
      let result: Result<AuthDataResult, Error>
      do {
        result = .success(try await session.result())
      } catch {
        result = .failure(error)
      }
      self.session = nil
      if source.mode == .loopback { onPresentRequest?() }
      await end(result)
    }
  }

  /// Shows how a provider sign-in ended: the signed-in user, the sign-in page after the user's own
  /// Cancel, or the error.
  func end(_ result: Result<AuthDataResult, Error>) async {
    switch result {
    case .success(let data):
      do { try await finishSignIn(data) } catch { show(error) }
    case .failure(let error as AuthError) where error.code == .webContextCancelled && error.origin == .request:
      linkAfterSignIn = false
      refresh()
    case .failure(let error):
      linkAfterSignIn = false
      show(error)
    }
  }

  /// Shows the signed-in user, after linking the waiting credential when `signInAndLink` asked for it.
  func finishSignIn(_ result: AuthDataResult) async throws {
    var result = result
    if linkAfterSignIn {
      linkAfterSignIn = false
      result = try await auth.linkPendingCredential()
    }
    state = await signedInState(result.user)
  }

  func show(_ error: Error) {
    guard let error = error as? AuthError else { return state = .error(WindowProblem(error)) }
    if let resolver = error.multiFactorResolver, resolver.totpFactor != nil {
      state = .secondFactor(SecondFactorPrompt(resolver))
    } else if let conflict = error.accountConflict {
      state = .conflict(email: conflict.email, methods: conflict.signInMethods, providerID: conflict.providerID)
    } else {
      state = .error(WindowProblem(error))
    }
  }
}

/// The window's browser: the desktop's default one. When none opens, a provider with the device grant
/// signs in on another device instead (`throwsWhenUnavailable`: the error ends this sign-in); for the
/// others the waiting page's "Copy link" is the way on, so the sign-in keeps waiting.
private struct WindowBrowser: BrowserLauncher {
  var throwsWhenUnavailable: Bool

  func open(_ url: URL) async throws {
    do {
      try await GioBrowserLauncher().open(url)
    } catch  where throwsWhenUnavailable {
      throw error
    } catch {}
  }
}
