import AuthDesktopApp
import AuthDesktopKit
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
  static func providerTitle(_ providerID: String) -> String { UserFacingError.providerName(providerID) }

  // Signed out
  static let signInTitle = tr("Sign in to AuthDesktop")
  static let signInSubtitle = tr("Choose an account to continue.")
  static func continueWith(_ title: String) -> String { tr("Continue with {provider}", ["provider": title]) }
  static let orSeparator = tr("or")
  static let emailPlaceholder = tr("Email address")
  static let passwordPlaceholder = tr("Password")
  static let showPassword = tr("Show password")
  static let signIn = tr("Sign in")
  static let signInWithEmail = tr("Sign in with email and password")
  static let signedOutPage = tr("Sign in")
  static let emailGroup = tr("Email and password")
  static let noAccount = tr("No account yet?")
  static let createAccount = tr("Create account")
  /// Signs in as a new anonymous user (`Auth.signInAnonymously()`).
  static let continueAnonymously = tr("Continue without an account")

  // Create account
  static let signUpTitle = tr("Create an account")
  static let signUpSubtitle = tr("Choose the email address and password you will sign in with.")
  static let signUpPage = tr("Create account")
  static let createAccountAccessible = tr("Create the account")
  /// The engine's rule (`PasswordHasher.isWeak`), shown before submitting.
  static let minimumPasswordLength = PasswordHasher.minimumLength
  static let passwordRule = ntr("At least {count} character", "At least {count} characters", minimumPasswordLength)
  static let passwordRuleMet = ntr(
    "✓ At least {count} character", "✓ At least {count} characters", minimumPasswordLength)
  /// The rule's accessible name as the password is typed.
  static func passwordRuleProgress(count: Int, met: Bool) -> String {
    met
      ? tr("{rule}: met", ["rule": passwordRule])
      : ntr("{rule}: {count} so far", "{rule}: {count} so far", count, ["rule": passwordRule])
  }

  // Waiting for the browser
  static let waitingTitle = tr("Continue in your browser")
  static func waitingBody(_ providerTitle: String) -> String {
    tr(
      "Sign in to {provider} in the browser window that just opened. This window updates when you are done.",
      ["provider": providerTitle])
  }
  static let waitingProgress = tr("Waiting for the browser")
  static let copyLink = tr("Copy link")
  static let copyLinkAccessible = tr("Copy the sign-in link")
  static let linkCopied = tr("Link copied")
  static let escapeHint = tr("Press Escape to cancel.")
  static let cancel = tr("Cancel")
  static let cancelSignIn = tr("Cancel sign-in")
  static let waitingPage = tr("Waiting for the browser")

  // Signed in
  static let signedInTitle = tr("Signed in")
  static let unnamedUser = tr("No name")
  static let noEmail = tr("No email address")
  /// The name of an anonymous user, and what keeps the account.
  static let anonymousUser = tr("Guest")
  static let anonymousHint = tr("Link an account below to keep this one.")
  static let userIDTitle = tr("User ID")
  /// The row naming the Firebase project the account is in (accounts kept in a project).
  static let firebaseProjectTitle = tr("Firebase project")
  static let linkedAccounts = tr("Linked accounts")
  static let noLinkedAccounts = tr("No linked accounts")
  static let unlink = tr("Unlink")
  static func unlinkAccessible(_ title: String) -> String { tr("Unlink {provider}", ["provider": title]) }
  static let notLinked = tr("Not linked")
  static let linked = tr("Linked")
  static let link = tr("Link")
  static func linkAccessible(_ title: String) -> String { tr("Link {provider}", ["provider": title]) }
  static let reauthenticate = tr("Reauthenticate")
  static let signOut = tr("Sign out")
  static let deleteAccount = tr("Delete account")
  static let signedInPage = tr("Signed in")
  static let accountGroup = tr("Account")

  // Delete confirmation and what happened afterwards (toasts).
  static let deleteHeading = tr("Delete this account?")
  static func deleteBody(account: String, providers: [String]) -> String {
    let removed = tr("The account {account} and its sign-in data are removed from this computer.", ["account": account])
    let grants = tr(
      "The access you gave AuthDesktop at {providers} is revoked.", ["providers": list(providers, conjunction: .and)])
    return [removed, providers.isEmpty ? nil : grants, tr("This cannot be undone.")].compactMap { $0 }
      .joined(separator: " ")
  }
  static let deleteConfirm = tr("Delete")
  static let accountDeleted = tr("Account deleted")
  static let signedOutToast = tr("Signed out")
  static let accountCreated = tr("Account created")
  /// A toast's close button.
  static let dismiss = tr("Dismiss")

  // Account exists with another sign-in method
  static let conflictTitle = tr("Account already exists")
  static func conflictBody(email: String, methods: [String]) -> String {
    methods.isEmpty
      ? tr("An account for {email} already exists. It signs in with another method.", ["email": email])
      : tr(
        "An account for {email} already exists. It signs in with {methods}.",
        ["email": email, "methods": list(methods)])
  }

  enum Conjunction { case or, and }

  /// `A`, `A or B`, `A, B or C` (or `and`), in the user's language.
  static func list(_ items: [String], conjunction: Conjunction = .or) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    let first = items.dropLast().joined(separator: tr(", "))
    let values = ["first": first, "last": items[items.count - 1]]
    return conjunction == .or ? tr("{first} or {last}", values) : tr("{first} and {last}", values)
  }
  static func conflictHint(_ attempted: String) -> String {
    tr("Sign in with that method, and {provider} will be linked to the account.", ["provider": attempted])
  }
  /// The account has `provider` already (another account there): no second one can be linked.
  static func conflictAlreadyLinked(_ provider: String) -> String {
    tr(
      "It already has another {provider} account, and only one can be linked. Sign in with one of its methods.",
      ["provider": provider])
  }
  static func signInAndLink(_ method: String) -> String { tr("Sign in with {method} and link", ["method": method]) }
  static let conflictPage = tr("Account already exists")

  // The scheme warning (`WarningBanner`).
  static let warningTitle = tr("Warning")
  static func schemeOpensElsewhere(scheme: String, application: String) -> String {
    tr(
      "Sign-in links ({scheme}:) open in “{application}”, not in AuthDesktop, so a sign-in in the browser cannot come back here. Run “auth-desktop install” to fix this.",
      ["scheme": scheme, "application": application])
  }
  static func schemeUnregistered(scheme: String) -> String {
    tr(
      "No program opens sign-in links ({scheme}:), so a sign-in in the browser cannot come back here. Run “auth-desktop install” to fix this.",
      ["scheme": scheme])
  }

  // The header bar.
  static let mainMenu = tr("Main menu")
  static let useEmulator = tr("Use Provider Emulator")
  static let about = tr("About AuthDesktop")
  static let quit = tr("Quit")
  static let emulatorBadge = tr("Emulator")
  static let emulatorBadgeDescription = tr("The providers are AuthDesktop’s built-in emulator, not the real services.")
  static let emulatorSubtitle = tr("Built-in test providers")

  // The About window.
  static let aboutComments = tr("Sign in with GitHub, X and OpenID Connect in your browser.")
  static let developerName = tr("The AuthDesktop developers")
  static let website = "https://authdesktop.dev"
}
