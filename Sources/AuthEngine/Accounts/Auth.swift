import Foundation
import GRDB
import Logging

/// Firebase's `Auth`, on this machine: accounts in SQLite (`AuthDatabase`), their secrets in the
/// `SecretStore`. Every operation is one SQLite transaction; the window and a CLI process can use the
/// same data dir at once (WAL, busy timeout).
///
/// Secrets are written before the transaction that makes them reachable and removed after the one
/// that makes them unreachable, so a failed or interrupted operation never leaves a row pointing at a
/// missing secret.
public actor Auth {
  public let configuration: AuthConfiguration
  /// The provider leg (begin/resume), sharing this environment.
  public let providers: AuthorizationService
  let environment: AuthEnvironment
  let database: AuthDatabase
  let passwords: PasswordHasher
  let tokens: IDTokenIssuer
  var vault: CredentialVault { CredentialVault(secrets: environment.secrets) }
  var observers: [UUID: AsyncStream<User?>.Continuation] = [:]
  var cachedIDToken: (sessionID: String, token: IDToken, expiresAt: Date)?

  /// How long a sign-in counts as recent (Firebase: 5 minutes).
  static let recentLoginWindow: TimeInterval = 300
  /// How long a pending credential of `account-exists-with-different-credential` is kept.
  static let pendingCredentialLifetime: TimeInterval = 600

  public init(
    configuration: AuthConfiguration, environment: AuthEnvironment, database: AuthDatabase,
    passwordHasher: PasswordHasher? = nil
  ) {
    self.configuration = configuration
    self.environment = environment
    self.database = database
    providers = AuthorizationService(configuration: configuration, environment: environment)
    passwords = passwordHasher ?? PasswordHasher(random: environment.random)
    tokens = IDTokenIssuer(
      secrets: environment.secrets, clock: environment.clock, random: environment.random,
      issuer: configuration.app.identity.idTokenIssuer, audience: configuration.app.identity.idTokenAudience)
  }

  var now: Date { environment.clock.now() }

  /// The user of the active session, if any (read from the store: another process may have signed in
  /// or out).
  public func currentUser() async throws -> User? {
    try await read { db in
      guard let session = try Accounts.activeSession(db), let user = try UserRecord.fetchOne(db, key: session.uid)
      else { return nil }
      return try self.snapshot(db, user)
    }
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

  func notify(_ user: User?) {
    for continuation in observers.values { continuation.yield(user) }
  }

  /// Firebase's `fetchSignInMethods(forEmail:)`: `password` and/or provider ids.
  public func fetchSignInMethods(forEmail email: String) async throws -> [String] {
    guard let email = EmailAddress.normalize(email) else { return [] }
    return try await read { db in
      var methods: [String] = []
      for uid in try Accounts.owners(db, email: email).sorted() {
        if let user = try UserRecord.fetchOne(db, key: uid) { methods += try Accounts.signInMethods(db, user: user) }
      }
      return methods
    }
  }

  /// The public keys of this app's ID tokens, for relying apps.
  public func jwks() async throws -> JSONValue { try await tokens.jwks() }

  nonisolated func snapshot(_ db: Database, _ user: UserRecord) throws -> User {
    let infos = try Accounts.identities(db, uid: user.uid).map {
      UserInfo(
        providerID: $0.providerID, uid: $0.federatedID, email: $0.email, displayName: $0.displayName,
        photoURL: $0.photoURL)
    }
    return User(
      uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName,
      photoURL: user.photoURL, providerData: infos,
      metadata: UserMetadata(creationDate: user.creationDate, lastSignInDate: user.lastSignInDate), auth: self)
  }

  func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await storage { try await self.database.pool.read(body) }
  }

  func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
    try await storage { try await self.database.pool.write(body) }
  }

  private func storage<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as DatabaseError {
      throw AuthError(.storageFailure, origin: .storage, detail: "SQLite error \(error.resultCode.rawValue)")
    }
  }
}
