import Foundation

/// An account as a value: what a `User` shows (`User.account`), without the operations, as an account
/// backend hands it to `Auth` — and what an app can hold, compare or make (a preview, a test) where a
/// `User`, which carries its `Auth`, cannot be made. Both backends give it the same shape.
public struct Account: Sendable, Equatable, Codable {
  /// Random and opaque; never derived from an email or a provider id. In a Firebase project, the
  /// `localId` Firebase assigns.
  public var uid: String
  public var email: String?
  public var emailVerified: Bool
  public var displayName: String?
  public var photoURL: String?
  /// One entry per linked provider, in the order they were linked (`uid`: GitHub's numeric id, X's
  /// `id_str`, OIDC's `sub`), then `password` with the email as its `uid` — as `accounts:lookup`.
  public var providerData: [UserInfo]
  public var metadata: UserMetadata

  public init(
    uid: String, email: String?, emailVerified: Bool, displayName: String?, photoURL: String?,
    providerData: [UserInfo], metadata: UserMetadata
  ) {
    self.uid = uid
    self.email = email
    self.emailVerified = emailVerified
    self.displayName = displayName
    self.photoURL = photoURL
    self.providerData = providerData
    self.metadata = metadata
  }

  /// No provider, no password, no email: an anonymous account (`Auth.signInAnonymously()`).
  public var isAnonymous: Bool { providerData.isEmpty && email == nil }

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
struct IdPRequest: Sendable {
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
