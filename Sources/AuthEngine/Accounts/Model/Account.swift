import Foundation

/// An account as an account backend hands it to `Auth`: what `User` shows, without the operations.
/// Both backends give it the same shape: `providerData` lists the linked providers in the order they
/// were linked (`uid` = the provider's raw id: GitHub's numeric id, X's `id_str`, OIDC's `sub`), then
/// `password` with the email as its `uid` — as Identity Toolkit's `accounts:lookup` does.
struct Account: Sendable, Equatable, Codable {
  var uid: String
  var email: String?
  var emailVerified: Bool
  var displayName: String?
  var photoURL: String?
  var providerData: [UserInfo]
  var metadata: UserMetadata

  /// Whether `providerID` (or `password`) is linked.
  func hasProvider(_ providerID: String) -> Bool { providerData.contains { $0.providerID == providerID } }

  /// The addresses that are this account's: its own and its providers' (lowercased).
  var emails: Set<String> {
    Set(([email] + providerData.map(\.email)).compactMap { EmailAddress.normalize($0) })
  }
}

/// What a sign-in gives `Auth`: the account, and whether the sign-in created it.
struct SignedIn: Sendable {
  var account: Account
  var isNewUser: Bool
}

/// `accounts:signInWithIdp`: a provider credential and what to do with it.
struct IdpRequest: Sendable {
  enum Operation: Sendable, Equatable {
    /// Sign in, creating the account when the identity is new.
    case signIn
    /// Link to the signed-in account `uid`.
    case link(uid: String)
    /// Prove again that the person is `uid`; never creates an account (`autoCreate: false`).
    case reauthenticate(uid: String)
  }

  var result: ProviderSignInResult
  var operation: Operation
  /// Identity Toolkit's `pendingToken` from an earlier answer for this credential, if it gave one.
  var pendingToken: PendingToken?
}

/// `accounts:update`: the account changes `Auth` makes.
enum AccountChange: Sendable {
  /// Unlink a provider (or `password`).
  case deleteProvider(String)
  /// Set the password (needs a recent sign-in).
  case password(Password)
}

/// How an email's account signs in (`Auth.signInMethods(forEmail:)`, `auth-desktop methods`).
public struct SignInMethods: Sendable, Equatable {
  /// Provider ids, then `password`; empty when no account has the email — or when `hidden`.
  public var methods: [String]
  /// The Firebase project hides the answer (email-enumeration protection): `methods` is empty
  /// whether or not an account has the email. The local store never hides.
  public var hidden: Bool

  public init(methods: [String], hidden: Bool = false) {
    self.methods = methods
    self.hidden = hidden
  }
}

/// Where the accounts are kept: shown by `status` and the window.
public enum AccountLocation: Sendable, Equatable {
  /// The embedded local store: this data dir's SQLite file and the secret store.
  case thisMachine
  /// A Firebase project, through Identity Toolkit; `emulatorHost` when an Auth emulator stands in for
  /// production.
  case firebase(projectID: String, tenantID: String?, emulatorHost: String?)

  /// The Firebase project id, when the accounts are in one.
  public var firebaseProjectID: String? {
    if case .firebase(let projectID, _, _) = self { return projectID }
    return nil
  }
}

public enum PendingTokenKind: SecretKind {}
/// Identity Toolkit's `pendingToken`: stands in for a provider credential it verified (REST reference,
/// `accounts:signInWithIdp`).
public typealias PendingToken = Secret<PendingTokenKind>
