import Foundation
import GRDB
import Logging

/// Firebase's `Auth` on the Linux desktop. The provider leg (browser, redirect, PKCE, ID-token checks)
/// is `authorization`; the accounts are kept by an `AccountBackend`: this machine's store by default, or a
/// Firebase project through Identity Toolkit when the configuration has a `[firebase]` table. Callers
/// never ask which: every operation, its errors and the `User` it gives have one shape.
///
/// `Auth` makes the checks the Firebase SDKs make on the client (a provider already linked, one not
/// linked, the last sign-in method, another user on reauthentication), keeps the provider credentials
/// of the signed-in user's sessions on this machine, and announces sign-in state changes.
public actor Auth {
  public let configuration: AuthConfiguration
  /// The provider leg (begin/resume), sharing this environment.
  public let authorization: AuthorizationService
  let environment: AuthEnvironment
  let storage: AccountStorage
  let backend: any AccountBackend
  let pending: PendingCredentials
  /// The apps' grants (`Auth+AppGrants`).
  let grants: any AppGrantStore
  /// The provider credentials read for use, while their rows keep the revision (`CredentialCache`).
  let credentialCache = CredentialCache()
  var observers: [UUID: AsyncStream<User?>.Continuation] = [:]

  /// How long a pending credential of `account-exists-with-different-credential` is kept.
  static let pendingCredentialLifetime = PendingCredentials.lifetime

  /// An `Auth` on `database` and `environment`: the configuration's Firebase project when it has a
  /// `[firebase]` table, otherwise the local store. `passwordHasher` tunes the local store's scrypt
  /// (tests).
  public init(
    configuration: AuthConfiguration, environment: AuthEnvironment, database: AuthDatabase,
    passwordHasher: PasswordHasher? = nil
  ) {
    let storage = AccountStorage(database: database, environment: environment)
    let backend: any AccountBackend =
      if let firebase = configuration.firebase {
        IdentityToolkitAccounts(
          settings: firebase, storage: storage, userAgent: configuration.app.identity.userAgent)
      } else {
        LocalAccounts(configuration: configuration, storage: storage, passwordHasher: passwordHasher)
      }
    self.init(configuration: configuration, storage: storage, backend: backend)
  }

  init(configuration: AuthConfiguration, storage: AccountStorage, backend: any AccountBackend) {
    self.configuration = configuration
    self.environment = storage.environment
    self.storage = storage
    self.backend = backend
    pending = PendingCredentials(storage: storage)
    grants = SQLiteAppGrantStore(database: storage.database)
    authorization = AuthorizationService(configuration: configuration, environment: storage.environment)
  }

  var now: Date { environment.clock.now() }
  var vault: CredentialVault {
    CredentialVault(
      secrets: environment.secrets, refreshLock: storage.refreshLock, rows: storage, cache: credentialCache)
  }

  /// Where the accounts are kept: this machine, or a Firebase project.
  public nonisolated var accountLocation: AccountLocation { backend.location }

  /// The current user, if anyone is signed in (read from the store: another process may have signed
  /// in, out or switched). No network. Every signed-in user: `signedInUsers()`.
  public func currentUser() async throws -> User? {
    try await backend.currentAccount().map { User($0, auth: self) }
  }

  /// Sign-in state changes made through this `Auth` (the current user, or nil after sign-out).
  public func stateChanges() -> AsyncStream<User?> {
    let (stream, continuation) = AsyncStream<User?>.makeStream()
    let id = UUID()
    observers[id] = continuation
    continuation.onTermination = { [weak self] _ in Task { await self?.removeObserver(id) } }
    return stream
  }

  func removeObserver(_ id: UUID) { observers[id] = nil }

  /// Announces the current user as the store has it now (after a change to a user who may not be it).
  func notifyCurrent() async {
    guard !observers.isEmpty else { return }
    notify((try? await backend.currentAccount()) ?? nil)
  }

  func notify(_ account: Account?) {
    let user = account.map { User($0, auth: self) }
    for continuation in observers.values { continuation.yield(user) }
  }

  /// How `email`'s account signs in (Identity Toolkit's `createAuthUri`): provider ids and
  /// `password`, or `hidden` when the Firebase project protects against email enumeration.
  public func signInMethods(forEmail email: String) async throws -> SignInMethods {
    try await backend.createAuthUri(email: Self.trimmed(email))
  }

  /// Firebase's `fetchSignInMethods(forEmail:)`: provider ids and/or `password` (empty when hidden).
  public func fetchSignInMethods(forEmail email: String) async throws -> [String] {
    try await signInMethods(forEmail: email).methods
  }

  /// The public keys (JWK Set) that verify this `Auth`'s ID tokens, for relying apps.
  public func jwks() async throws -> JSONValue { try await backend.publicKeys() }

  /// Finishes what a killed process left: secrets written for an operation that never committed, or
  /// due for deletion after one that did. Returns how many secrets it deleted.
  @discardableResult
  public func recoverInterruptedOperations() async throws -> Int {
    try await storage.recoverInterruptedOperations()
  }

  /// The account of the signed-in `uid`, or the current user's when nil (`auth/no-current-user` when
  /// that user is not signed in).
  func requireAccount(_ uid: String?) async throws -> Account {
    let found = if let uid { try await backend.signedInAccount(uid: uid) } else { try await backend.currentAccount() }
    guard let account = found else { throw AuthError(.noCurrentUser, origin: .request) }
    return account
  }
}
