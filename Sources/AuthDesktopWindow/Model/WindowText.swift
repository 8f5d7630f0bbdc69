import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

/// Every sentence the window shows, in one place (errors are worded by `UserFacingError`, which the
/// command line shares; the words around them are in `WindowText+Problems.swift`).
/// Accessible names reuse the visible text unless a control needs more context than it shows.
enum WindowText {
  static let windowTitle = "AuthDesktop"

  // Provider names, by engine provider id: the provider row's display name (`password` is the
  // email-and-password method; the emulator's OpenID provider is named as its consent page names it).
  static func providerTitle(_ providerID: String) -> String {
    switch providerID {
    case "password": "email and password"
    case EmulatorSetup.oidcProviderID: EmulatorIdentity.Provider.oidc.displayName
    default: ProviderTable.builtIn.displayName(for: providerID) ?? providerID
    }
  }

  // Signed out
  static let signInTitle = "Sign in to AuthDesktop"
  static let signInSubtitle = "Choose an account to continue."
  static func continueWith(_ title: String) -> String { "Continue with \(title)" }
  static let orSeparator = "or"
  static let emailPlaceholder = "Email address"
  static let passwordPlaceholder = "Password"
  static let showPassword = "Show password"
  static let signIn = "Sign in"
  static let signInWithEmail = "Sign in with email and password"
  static let signedOutPage = "Sign in"
  static let emailGroup = "Email and password"
  static let noAccount = "No account yet?"
  static let createAccount = "Create account"

  // Create account
  static let signUpTitle = "Create an account"
  static let signUpSubtitle = "Choose the email address and password you will sign in with."
  static let signUpPage = "Create account"
  static let createAccountAccessible = "Create the account"
  /// The engine's rule (`PasswordHasher.isWeak`), shown before submitting.
  static let minimumPasswordLength = PasswordHasher.minimumLength
  static let passwordRule = "At least \(minimumPasswordLength) characters"
  static let passwordRuleMet = "✓ At least \(minimumPasswordLength) characters"
  /// The rule's accessible name as the password is typed.
  static func passwordRuleProgress(count: Int, met: Bool) -> String {
    met ? "\(passwordRule): met" : "\(passwordRule): \(count) so far"
  }

  // Waiting for the browser
  static let waitingTitle = "Continue in your browser"
  static func waitingBody(_ providerTitle: String) -> String {
    "Sign in to \(providerTitle) in the browser window that just opened. This window updates when you are done."
  }
  static let waitingProgress = "Waiting for the browser"
  static let copyLink = "Copy link"
  static let copyLinkAccessible = "Copy the sign-in link"
  static let linkCopied = "Link copied"
  static let escapeHint = "Press Escape to cancel."
  static let cancel = "Cancel"
  static let cancelSignIn = "Cancel sign-in"
  static let waitingPage = "Waiting for the browser"

  // Signed in
  static let signedInTitle = "Signed in"
  static let unnamedUser = "No name"
  static let noEmail = "No email address"
  static let userIDTitle = "User ID"
  /// The row naming the Firebase project the account is in (accounts kept in a project).
  static let firebaseProjectTitle = "Firebase project"
  static let linkedAccounts = "Linked accounts"
  static let noLinkedAccounts = "No linked accounts"
  static let unlink = "Unlink"
  static func unlinkAccessible(_ title: String) -> String { "Unlink \(title)" }
  static let notLinked = "Not linked"
  static let linked = "Linked"
  static let link = "Link"
  static func linkAccessible(_ title: String) -> String { "Link \(title)" }
  static let reauthenticate = "Reauthenticate"
  static let signOut = "Sign out"
  static let deleteAccount = "Delete account"
  static let signedInPage = "Signed in"
  static let accountGroup = "Account"

  // Delete confirmation and what happened afterwards (toasts).
  static let deleteHeading = "Delete this account?"
  static func deleteBody(account: String, providers: [String]) -> String {
    let grants =
      providers.isEmpty ? "" : " The access you gave AuthDesktop at \(list(providers, conjunction: "and")) is revoked."
    return "The account \(account) and its sign-in data are removed from this computer.\(grants) This cannot be undone."
  }
  static let deleteConfirm = "Delete"
  static let accountDeleted = "Account deleted"
  static let signedOutToast = "Signed out"
  static let accountCreated = "Account created"

  // Account exists with another sign-in method
  static let conflictTitle = "Account already exists"
  static func conflictBody(email: String, methods: [String]) -> String {
    "An account for \(email) already exists. It signs in with \(methods.isEmpty ? "another method" : list(methods))."
  }

  /// `A`, `A or B`, `A, B or C`.
  static func list(_ items: [String], conjunction: String = "or") -> String {
    items.count > 1
      ? items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1] : items.first ?? ""
  }
  static func conflictHint(_ attempted: String) -> String {
    "Sign in with that method, and \(attempted) will be linked to the account."
  }
  static func signInAndLink(_ method: String) -> String { "Sign in with \(method) and link" }
  static let conflictPage = "Account already exists"

  // The scheme warning (`WarningBanner`).
  static let warningTitle = "Warning"
  static func schemeOpensElsewhere(scheme: String, application: String) -> String {
    "Sign-in links (\(scheme):) open in “\(application)”, not in AuthDesktop, so a sign-in in the browser "
      + "cannot come back here. Run “auth-desktop install” to fix this."
  }
  static func schemeUnregistered(scheme: String) -> String {
    "No program opens sign-in links (\(scheme):), so a sign-in in the browser cannot come back here. "
      + "Run “auth-desktop install” to fix this."
  }

  // The header bar.
  static let mainMenu = "Main menu"
  static let useEmulator = "Use Provider Emulator"
  static let about = "About AuthDesktop"
  static let quit = "Quit"
  static let emulatorBadge = "Emulator"
  static let emulatorBadgeDescription = "The providers are AuthDesktop’s built-in emulator, not the real services."
  static let emulatorSubtitle = "Built-in test providers"

  // The About window.
  static let aboutComments = "Sign in with GitHub, X and OpenID Connect in your browser."
  static let developerName = "The AuthDesktop developers"
  static let website = "https://authdesktop.dev"
}
