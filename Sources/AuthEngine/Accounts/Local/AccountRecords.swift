import Foundation
import GRDB

struct UserRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "user"
  var uid: String
  var email: String?
  var emailVerified: Bool
  var displayName: String?
  var photoURL: String?
  var hasPassword: Bool
  var creationDate: Date
  var lastSignInDate: Date
}

/// Read by column name (GRDB's `Decodable` path costs several times more per row).
extension UserRecord {
  init(row: Row) throws {
    (uid, email, emailVerified, displayName) = (row["uid"], row["email"], row["emailVerified"], row["displayName"])
    (photoURL, hasPassword, creationDate) = (row["photoURL"], row["hasPassword"], row["creationDate"])
    lastSignInDate = row["lastSignInDate"]
  }
}

struct IdentityRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "identity"
  var providerID: String
  var federatedID: String
  var uid: String
  var email: String?
  var displayName: String?
  var photoURL: String?
  var linkedAt: Date
  /// The provider's login (GitHub's login, X's handle), when it gave one.
  var screenName: String?
}

extension IdentityRecord {
  init(row: Row) throws {
    (providerID, federatedID, uid, email) = (row["providerID"], row["federatedID"], row["uid"], row["email"])
    (displayName, photoURL, linkedAt, screenName) = (
      row["displayName"], row["photoURL"], row["linkedAt"], row["screenName"]
    )
  }
}

struct SessionRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "session"
  var id: String
  var uid: String
  var signInProvider: String
  /// The last sign-in or reauthentication: `auth/requires-recent-login` looks at it.
  var authTime: Date
  var createdAt: Date
  var endedAt: Date?
}

extension SessionRecord {
  init(row: Row) throws {
    (id, uid, signInProvider, authTime) = (row["id"], row["uid"], row["signInProvider"], row["authTime"])
    (createdAt, endedAt) = (row["createdAt"], row["endedAt"])
  }
}

struct PendingCredentialRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "pendingCredential"
  var id: String
  var email: String
  var providerID: String
  var federatedID: String
  var createdAt: Date
  var expiresAt: Date
}

struct LoginFailureRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "loginFailure"
  var id: Int64?
  var email: String
  var at: Date
}

/// Queries shared by the local store's operations (all run inside one transaction each).
enum Accounts {
  /// The sign-in method of email and password, as a provider id (`providerData`, methods).
  static let password = "password"
  /// The sign-in provider of an anonymous session (the ID token's `firebase.sign_in_provider`).
  static let anonymous = "anonymous"
  /// The sign-in provider of a custom-token session.
  static let custom = "custom"

  static func identity(_ db: Database, providerID: String, federatedID: String) throws -> IdentityRecord? {
    try db.one(
      IdentityRecord.self, "SELECT * FROM identity WHERE providerID = ? AND federatedID = ?", [providerID, federatedID])
  }

  static func identities(_ db: Database, uid: String) throws -> [IdentityRecord] {
    try db.all(IdentityRecord.self, "SELECT * FROM identity WHERE uid = ? ORDER BY linkedAt", [uid])
  }

  /// The user whose own email this is (one account per email compares these, as Identity Toolkit).
  static func owner(_ db: Database, email: String) throws -> UserRecord? {
    try db.one(UserRecord.self, "SELECT * FROM user WHERE email = ? LIMIT 1", [email])
  }

  /// The linked providers in the order they were linked, then `password` when the user has one
  /// (and an email to sign in with), as Identity Toolkit lists them.
  static func signInMethods(_ db: Database, user: UserRecord) throws -> [String] {
    try identities(db, uid: user.uid).map(\.providerID) + (user.hasPassword && user.email != nil ? [password] : [])
  }

  /// The current user's session: the active one with the highest rank (`SeveralUsersSchema`).
  static func currentSession(_ db: Database) throws -> SessionRecord? {
    try db.one(SessionRecord.self, "SELECT * \(currentSessionRow)")
  }

  /// Where `currentSession` finds the current user's session; `accounts --json`'s listing takes its
  /// uid from the same row (`LocalAccounts.signedInJSONSQL`).
  static let currentSessionRow = "FROM session WHERE endedAt IS NULL ORDER BY currentRank DESC LIMIT 1"

  /// The active session of `uid`, if `uid` is signed in.
  static func session(_ db: Database, of uid: String) throws -> SessionRecord? {
    try db.one(SessionRecord.self, "SELECT * FROM session WHERE uid = ? AND endedAt IS NULL", [uid])
  }
}

/// Email addresses are compared lowercased and trimmed.
enum EmailAddress {
  static func normalize(_ email: String?) -> String? {
    guard let email else { return nil }
    let trimmed = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// A plain shape check: one `@`, something before it, a dot in the domain, no spaces.
  static func isValid(_ email: String) -> Bool {
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
      && !parts[1].hasSuffix(".") && !email.contains(where: \.isWhitespace)
  }
}
