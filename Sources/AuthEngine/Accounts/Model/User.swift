import Foundation

/// A signed-in user, as Firebase's `User`: a snapshot of the account plus the operations on it,
/// which go through the `Auth` that produced it.
public struct User: Sendable, Equatable {
  /// The snapshot as a value (`Account`): what to keep when the operations are not needed.
  public let account: Account
  let auth: Auth

  init(_ account: Account, auth: Auth) {
    self.account = account
    self.auth = auth
  }

  /// `Account.uid`.
  public var uid: String { account.uid }
  public var email: String? { account.email }
  public var emailVerified: Bool { account.emailVerified }
  public var displayName: String? { account.displayName }
  public var photoURL: String? { account.photoURL }
  /// `Account.providerData`.
  public var providerData: [UserInfo] { account.providerData }
  public var metadata: UserMetadata { account.metadata }

  public static func == (lhs: User, rhs: User) -> Bool { lhs.account == rhs.account }

  /// Links a provider account to this user (Firebase's `link(with:)`).
  public func link(with result: ProviderSignInResult) async throws -> AuthDataResult {
    try await auth.link(uid: uid, with: result)
  }

  /// Removes a linked provider (or `password`); refuses to remove the last way to sign in.
  public func unlink(fromProvider providerID: String) async throws -> User {
    try await auth.unlink(uid: uid, providerID: providerID)
  }

  /// Proves again that the person at the keyboard is this user (for `delete()` and `updatePassword`).
  public func reauthenticate(with result: ProviderSignInResult) async throws -> AuthDataResult {
    try await auth.reauthenticate(uid: uid, with: result)
  }

  public func getIDToken(forceRefresh: Bool = false) async throws -> IDToken {
    try await auth.getIDToken(uid: uid, forceRefresh: forceRefresh)
  }

  public func updatePassword(to password: Password) async throws {
    try await auth.updatePassword(uid: uid, to: password)
  }

  /// Whether the account has no way to sign in yet (`Auth.signInAnonymously()`); linking a provider
  /// or a password makes it permanent, with the same uid.
  public var isAnonymous: Bool { account.isAnonymous }

  /// Asks the Firebase project to email a verification code to this user's address.
  public func sendEmailVerification() async throws {
    try await auth.sendEmailVerification(uid: uid)
  }

  /// Deletes the account, its linked identities and every secret it owns.
  public func delete(revokeProviderTokens: Bool = true) async throws {
    try await auth.delete(uid: uid, revokeProviderTokens: revokeProviderTokens)
  }
}

/// One linked provider account (Firebase's `UserInfo`).
public struct UserInfo: Sendable, Equatable, Codable {
  public let providerID: String
  /// The provider's stable id of the user (its raw id); the email for `password`.
  public let uid: String
  public let email: String?
  public let displayName: String?
  public let photoURL: String?
  /// The provider's login, when it gives one (GitHub's login, X's handle; Identity Toolkit's
  /// `screenName`): what `PROVIDER:LOGIN` names an account by (`AccountSelector`).
  public let screenName: String?

  public init(
    providerID: String, uid: String, email: String?, displayName: String?, photoURL: String?,
    screenName: String? = nil
  ) {
    self.providerID = providerID
    self.uid = uid
    self.email = email
    self.displayName = displayName
    self.photoURL = photoURL
    self.screenName = screenName
  }
}

public struct UserMetadata: Sendable, Equatable, Codable {
  public let creationDate: Date
  public let lastSignInDate: Date

  public init(creationDate: Date, lastSignInDate: Date) {
    self.creationDate = creationDate
    self.lastSignInDate = lastSignInDate
  }
}

/// Firebase's `AuthDataResult`.
public struct AuthDataResult: Sendable {
  public let user: User
  /// The provider credential of this sign-in (nil for email/password).
  public let credential: OAuthCredential?
  public let additionalUserInfo: AdditionalUserInfo?

  public init(user: User, credential: OAuthCredential?, additionalUserInfo: AdditionalUserInfo?) {
    self.user = user
    self.credential = credential
    self.additionalUserInfo = additionalUserInfo
  }
}
