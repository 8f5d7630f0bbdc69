import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// What the window shows; the model owns it and reports every change through `onStateChange`.
enum WindowState: Sendable, Equatable {
  /// The model has not read the store yet, so nobody knows who is signed in: the window shows no page
  /// (its header bar only) rather than a guess it would have to take back.
  case loading
  case signedOut
  /// "Add account": the sign-in page while someone is signed in, with Back (or Escape) to return.
  case addAccount
  /// The "Create account" form (email and password).
  case signUp
  case waiting(providerTitle: String, authorizationURL: URL)
  /// A device sign-in (RFC 8628) waits for the user to approve on another device.
  case device(DevicePromptSummary)
  case signedIn(AccountSummary)
  /// Firebase's account-exists-with-different-credential: `email`'s account signs in with `methods`
  /// (provider ids or `password`); `providerID` is the provider whose sign-in is waiting to be linked.
  case conflict(email: String, methods: [String], providerID: String)
  /// The first factor succeeded and the account has a second one: the code page.
  case secondFactor(SecondFactorPrompt)
  /// Adding a TOTP factor: the key's QR code, then a code from the app.
  case enrollSecondFactor(EnrollmentPrompt)
  /// An action failed. A problem with what the user typed stays on the form it came from; any other
  /// gets the error page.
  case error(WindowProblem)
  /// The app cannot start (a broken configuration, the emulator's port taken): the start-up error
  /// page, with Retry and Quit and no sign-in controls.
  case unavailable(WindowProblem)
  /// From the signed-in page: the apps allowed to use an account, with Remove; Back (or Escape) returns.
  case connectedApps([ConnectedApp])

  /// The stack page that shows this state; none while `.loading`.
  var page: WindowPage? {
    switch self {
    case .loading: nil
    case .signedOut, .addAccount: .signedOut
    case .signUp: .signUp
    case .waiting: .waiting
    case .device: .device
    case .signedIn: .signedIn
    case .conflict: .conflict
    case .secondFactor: .secondFactor
    case .enrollSecondFactor: .enrollSecondFactor
    case .error: .error
    case .unavailable: .unavailable
    case .connectedApps: .connectedApps
    }
  }
}

/// The kinds of `WindowState`; the raw values name the window's stack pages and the values of
/// `AUTH_DESKTOP_PREVIEW_PAGE`.
enum WindowPage: String, Sendable, CaseIterable {
  case signedOut = "signed-out"
  case signUp = "sign-up"
  case waiting
  case device
  case signedIn = "signed-in"
  case conflict
  case secondFactor = "second-factor"
  case enrollSecondFactor = "second-factor-enrollment"
  case error
  case unavailable
  case connectedApps = "connected-apps"
}

/// What the signed-in page shows: the user's `Account` (the value form of `User`, read through this
/// summary as `summary.email`, …), the configured providers it has not linked, and the Firebase project
/// it is in.
@dynamicMemberLookup
struct AccountSummary: Sendable, Equatable {
  struct LinkedProvider: Sendable, Equatable {
    var providerID: String
    /// The provider account's email or name, if known.
    var detail: String?
  }

  /// Another signed-in user, listed under "Other accounts" (Switch, Sign out).
  struct OtherAccount: Sendable, Equatable {
    var uid: String
    var displayName: String?
    var email: String?
    var isAnonymous: Bool
    var providerIDs: [String]

    init(_ account: Account) {
      (uid, displayName, email) = (account.uid, account.displayName, account.email)
      isAnonymous = account.isAnonymous
      providerIDs = account.providerData.map(\.providerID)
    }
  }

  var account: Account
  /// The other signed-in users, in the order they signed in.
  var others: [OtherAccount] = []
  /// Configured providers the user has not linked yet (each gets a Link button).
  var linkable: [String]
  /// The Firebase project the account is in; nil when it is kept on this computer.
  var firebaseProject: String?

  init(_ account: Account, linkable: [String] = [], firebaseProject: String? = nil) {
    self.account = account
    self.linkable = linkable
    self.firebaseProject = firebaseProject
  }

  /// `user`, with the providers of `configured` it has not linked as `linkable`.
  init(_ user: User, configured: [String], location: AccountLocation = .thisMachine) {
    let linked = user.providerData.map(\.providerID)
    self.init(
      user.account, linkable: configured.filter { !linked.contains($0) }, firebaseProject: location.firebaseProjectID)
  }

  subscript<Value>(dynamicMember keyPath: KeyPath<Account, Value>) -> Value { account[keyPath: keyPath] }

  var providers: [LinkedProvider] {
    account.providerData.map { LinkedProvider(providerID: $0.providerID, detail: $0.email ?? $0.displayName) }
  }
}

/// What the window reads and calls. Everything runs on the GTK thread; the actions return at once and
/// report their outcome by changing `state` (an `.error` for a failure).
@GLibMainActor
protocol WindowModel: AnyObject, Sendable {
  var state: WindowState { get }
  /// Set by the window; the model calls it after each change of `state`.
  var onStateChange: (@GLibMainActor (WindowState) -> Void)? { get set }
  /// Set by the application; the model calls it to bring the window to the front.
  var onPresentRequest: (@GLibMainActor () -> Void)? { get set }

  /// Configured providers in display order, with their button titles.
  func providers() -> [(id: String, title: String)]
  /// Why browser sign-ins cannot come back (the URL scheme opens another program), or nil.
  var schemeWarning: String? { get }
  /// Whether the providers are the built-in emulator (the window then shows an "Emulator" badge).
  var isEmulator: Bool { get }
  /// A redirect URI handed to the application (`GApplication::open`).
  func deliver(_ url: URL) async

  func signIn(providerID: String)
  /// Configured providers that may sign in on another device (the device grant), in display order.
  func deviceProviders() -> [(id: String, title: String)]
  /// A device sign-in (`.device`): the user approves on any device with a browser.
  func signInOnAnotherDevice(providerID: String)
  func signIn(email: String, password: String)
  /// Shows the "Create account" form (`.signUp`); `cancelSignIn` goes back.
  func showSignUp()
  /// Creates an email/password account and signs it in (the CLI's `sign-up-email`).
  func signUp(email: String, password: String)
  /// Signs in as a new anonymous user (the CLI's `sign-in --anonymous`); linking keeps it.
  func signInAnonymously()
  func cancelSignIn()
  /// After `.conflict`: sign in with `method`, then link the waiting provider credential.
  func signInAndLink(method: String)
  /// After `.secondFactor`: finishes the sign-in with the code from the authenticator app.
  func submitSecondFactor(code: String)
  /// From the signed-in page (a Firebase project's account): `.enrollSecondFactor`, then the code.
  func startSecondFactorEnrollment()
  func finishSecondFactorEnrollment(code: String)
  /// Links another provider to the signed-in user (a provider sign-in with the `link` intent).
  func link(providerID: String)
  func unlink(providerID: String)
  func reauthenticate()
  func signOut()
  /// Starts a sign-in that adds a user (the sign-in page; nobody is signed out).
  func addAccount()
  /// Makes the signed-in user `uid` current (`Auth.switchUser(to:)`).
  func switchAccount(uid: String)
  /// Signs out the signed-in user `uid`, current or not.
  func signOut(uid: String)
  func deleteAccount()
  func dismissError()
  /// The window became active: another process may have changed the accounts meanwhile.
  func storeMayHaveChanged()
  /// From the signed-in page: `.connectedApps`; `cancelSignIn` goes back.
  func showConnectedApps()
  /// Removes an app's grant: its next call fails.
  func removeConnectedApp(_ app: ConnectedApp)
}

/// A model that shows one page only (the start-up error page, test doubles) takes no action: the
/// intents do nothing unless a model implements them (`AuthWindowModel` implements every one, and
/// `PreviewWindowModel` all but switching accounts), and it offers no device sign-in.
extension WindowModel {
  func deviceProviders() -> [(id: String, title: String)] { [] }
  func signInOnAnotherDevice(providerID: String) {}
  func signIn(providerID: String) {}
  func signIn(email: String, password: String) {}
  func showSignUp() {}
  func signUp(email: String, password: String) {}
  func signInAnonymously() {}
  func cancelSignIn() {}
  func signInAndLink(method: String) {}
  func submitSecondFactor(code: String) {}
  func startSecondFactorEnrollment() {}
  func finishSecondFactorEnrollment(code: String) {}
  func link(providerID: String) {}
  func unlink(providerID: String) {}
  func reauthenticate() {}
  func signOut() {}
  func addAccount() {}
  func switchAccount(uid: String) {}
  func signOut(uid: String) {}
  func deleteAccount() {}
  func dismissError() {}
  func storeMayHaveChanged() {}
  func showConnectedApps() {}
  func removeConnectedApp(_ app: ConnectedApp) {}
}
