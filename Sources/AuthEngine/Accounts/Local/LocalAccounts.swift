import Foundation
import GRDB

/// The embedded account backend: Firebase Authentication's accounts and rules on this machine.
/// Accounts are rows in `auth.sqlite` (`AccountRecords`), their secrets in the `SecretStore`: password
/// hashes (scrypt), session refresh tokens, provider credentials. Every operation is one SQLite
/// transaction through `AccountStorage`, so the window and a CLI process can share the data dir and a
/// killed process leaves the old state or the new one. ID tokens are its own (ES256, `IDTokenIssuer`).
actor LocalAccounts: AccountBackend {
  nonisolated let location = AccountLocation.thisMachine
  let configuration: AuthConfiguration
  let storage: AccountStorage
  let pending: PendingCredentials
  let passwords: PasswordHasher
  let tokens: IDTokenIssuer
  var cachedIDToken: (sessionID: String, token: IDToken, expiresAt: Date)?

  /// How long a sign-in counts as recent (Firebase: 5 minutes).
  static let recentLoginWindow: TimeInterval = 300

  init(configuration: AuthConfiguration, storage: AccountStorage, passwordHasher: PasswordHasher? = nil) {
    self.configuration = configuration
    self.storage = storage
    pending = PendingCredentials(storage: storage)
    passwords = passwordHasher ?? PasswordHasher(random: storage.environment.random)
    tokens = IDTokenIssuer(
      secrets: storage.secrets, clock: storage.environment.clock, random: storage.environment.random,
      issuer: configuration.app.identity.idTokenIssuer, audience: configuration.app.identity.idTokenAudience)
  }

  var environment: AuthEnvironment { storage.environment }
  var now: Date { storage.now }
  var vault: CredentialVault { CredentialVault(secrets: storage.secrets) }
  var oneAccountPerEmail: Bool { configuration.app.oneAccountPerEmail }

  /// Like Identity Toolkit's `createAuthUri`: the methods of the account whose own email this is, else
  /// of the first account that has a provider with it.
  func createAuthUri(email: String) async throws -> SignInMethods {
    let email = try Self.checkedEmail(email)
    return SignInMethods(
      methods: try await storage.read { db in
        let own = try UserRecord.filter(Column("email") == email).fetchOne(db)
        let byProvider = try String.fetchOne(
          db, sql: "SELECT uid FROM identity WHERE email = ? ORDER BY linkedAt", arguments: [email]
        ).flatMap { try UserRecord.fetchOne(db, key: $0) }
        guard let user = own ?? byProvider else { return [] }
        return try Accounts.signInMethods(db, user: user)
      })
  }

  func publicKeys() async throws -> JSONValue { try await tokens.jwks() }

  /// The account of `user`, in the shape both backends give (`Account`).
  static func snapshot(_ db: Database, _ user: UserRecord) throws -> Account {
    snapshot(user, identities: try Accounts.identities(db, uid: user.uid))
  }

  /// The account of `user` with its `identities` (in the order they were linked).
  static func snapshot(_ user: UserRecord, identities: [IdentityRecord]) -> Account {
    snapshot(
      user,
      infos: identities.map {
        UserInfo(
          providerID: $0.providerID, uid: $0.federatedID, email: $0.email, displayName: $0.displayName,
          photoURL: $0.photoURL, screenName: $0.screenName)
      })
  }

  /// The account of `user` with its linked providers' `infos` (in the order they were linked).
  static func snapshot(_ user: UserRecord, infos identities: [UserInfo]) -> Account {
    var infos = identities
    if user.hasPassword, let email = user.email {
      infos.append(
        UserInfo(
          providerID: Accounts.password, uid: email, email: email, displayName: user.displayName,
          photoURL: user.photoURL))
    }
    return Account(
      uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName,
      photoURL: user.photoURL, providerData: infos,
      metadata: UserMetadata(creationDate: user.creationDate, lastSignInDate: user.lastSignInDate))
  }

  static func snapshot(_ db: Database, uid: String) throws -> Account {
    guard let user = try db.one(UserRecord.self, "SELECT * FROM user WHERE uid = ?", [uid]) else {
      throw AuthError(.userNotFound, origin: .request)
    }
    return try snapshot(db, user)
  }

  static func checkedEmail(_ email: String) throws -> String {
    guard let normalized = EmailAddress.normalize(email), EmailAddress.isValid(normalized) else {
      throw AuthError(.invalidEmail, origin: .request)
    }
    return normalized
  }

  static func emailInUse(_ email: String, providerID: String? = nil) -> AuthError {
    AuthError(.emailAlreadyInUse, origin: .request, payload: .emailInUse(email), providerID: providerID)
  }
}
