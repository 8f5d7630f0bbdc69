import Foundation

/// The account layer `Auth` stands on: Firebase Authentication's account operations, one method per
/// Identity Toolkit call. Two backends keep the accounts — `LocalAccounts` (this machine: SQLite and
/// the secret store, Firebase's rules applied here) and `IdentityToolkitAccounts` (a Firebase project,
/// REST v1) — and `Auth`, the command line and the window never ask which (docs/firebase.md). Each
/// keeps the signed-in sessions of its data dir: one per signed-in user, one of them current.
///
/// Both throw `AuthError`s with the same codes for the same cause. The checks the Firebase SDKs make
/// on the client (`auth/provider-already-linked`, `auth/no-such-provider`, `auth/last-sign-in-method`,
/// `auth/user-mismatch`) are `Auth`'s, before a backend is asked. A backend keeps the provider
/// credential of a successful sign-in (`ProviderCredentials`) and the one of an
/// `auth/account-exists-with-different-credential` (`PendingCredentials`).
protocol AccountBackend: Sendable {
  /// Where the accounts are.
  var location: AccountLocation { get }

  /// The current user's account as this data dir last saw it (no network); nil when nobody is signed in.
  func currentAccount() async throws -> Account?

  /// `uid`'s account when `uid` is signed in here (no network).
  func signedInAccount(uid: String) async throws -> Account?

  /// Every signed-in account, in the order they signed in, and which is current: one read.
  func signedInAccounts() async throws -> SignedInAccounts

  /// `signedInAccounts()` as `accounts --json` lists them, `chosenUID`'s marked chosen.
  func signedInJSON(chosenUID: String?) async throws -> SignedInJSON

  /// The signed-in accounts `name` may mean: at least every one `AccountSelector.candidates` picks
  /// out of all of them, in the order they signed in.
  func signedInAccounts(named name: String) async throws -> [Account]

  /// Makes the signed-in `uid` the current user (`auth/no-current-user` when it is not signed in).
  func makeCurrent(uid: String) async throws -> Account

  /// `accounts:signInWithIdp`: sign in with a provider credential (creating the account when new),
  /// link it to the signed-in account, or reauthenticate that account with it.
  func signInWithIdp(_ request: IdPRequest) async throws -> SignedIn

  /// `accounts:signUp`: a new email/password account, signed in — or, with `linkingTo`, a password
  /// added to that signed-in account.
  func signUp(email: String, password: Password, linkingTo uid: String?) async throws -> SignedIn

  /// `accounts:signInWithPassword`.
  func signInWithPassword(email: String, password: Password) async throws -> SignedIn

  /// `accounts:createAuthUri`: how `email`'s account signs in.
  func createAuthUri(email: String) async throws -> SignInMethods

  /// `accounts:update` of the signed-in account `uid`.
  func update(uid: String, _ change: AccountChange) async throws -> Account

  /// `accounts:delete` of the signed-in account `uid` (needs a recent sign-in), with the credentials
  /// kept for it.
  func delete(uid: String) async throws

  /// `securetoken …/v1/token`: the session's ID token, cached and refreshed within 5 minutes of expiry.
  func idToken(uid: String, forceRefresh: Bool) async throws -> IDToken

  /// The public keys (RFC 7517 JWK Set) that verify `idToken`'s tokens.
  func publicKeys() async throws -> JSONValue

  /// Ends the session of `uid` (of every signed-in user when nil); the accounts stay. Returns the uids
  /// whose sessions ended. The current user is then the one current before, if still signed in.
  func signOut(uid: String?) async throws -> [String]

  /// `accounts:signUp` without credentials: a new anonymous account, signed in.
  func signUpAnonymously() async throws -> SignedIn

  /// `accounts:signInWithCustomToken`: the account the token names (created when new), signed in.
  func signInWithCustomToken(_ token: CustomToken) async throws -> SignedIn

  /// `accounts:sendOobCode`: a password-reset or email-verification email.
  func sendOobCode(_ request: OobRequest) async throws

  /// `accounts:resetPassword` with the code and the new password; returns the account's email.
  func resetPassword(code: ActionCode, newPassword: Password) async throws -> String

  /// `accounts:update` with an email-verification code; returns the signed-in account as it is now
  /// (nil when nobody is signed in here).
  func applyEmailVerification(code: ActionCode) async throws -> Account?
}

extension AccountBackend {
  /// The accounts, written one by one (`SignedInJSON.writing`); the local store writes its rows.
  func signedInJSON(chosenUID: String?) async throws -> SignedInJSON {
    SignedInJSON.writing(try await signedInAccounts(), chosenUID: chosenUID)
  }
}

/// The signed-in accounts of a data dir, read at once.
struct SignedInAccounts: Sendable {
  var accounts: [Account]
  var currentUID: String?
}
