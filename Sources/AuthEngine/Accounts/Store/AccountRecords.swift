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

struct IdentityRecord: Codable, FetchableRecord, PersistableRecord, Sendable {
  static let databaseTableName = "identity"
  var providerID: String
  var federatedID: String
  var uid: String
  var email: String?
  var displayName: String?
  var photoURL: String?
  var linkedAt: Date
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

/// Queries shared by the account operations (all run inside one transaction each).
enum Accounts {
  static func identity(_ db: Database, providerID: String, federatedID: String) throws -> IdentityRecord? {
    try IdentityRecord.fetchOne(db, key: ["providerID": providerID, "federatedID": federatedID])
  }

  static func identities(_ db: Database, uid: String) throws -> [IdentityRecord] {
    try IdentityRecord.filter(Column("uid") == uid).order(Column("linkedAt")).fetchAll(db)
  }

  /// The users an email address belongs to: as their address, or as a linked provider's address.
  static func owners(_ db: Database, email: String) throws -> Set<String> {
    let direct = try String.fetchAll(db, sql: "SELECT uid FROM user WHERE email = ?", arguments: [email])
    let linked = try String.fetchAll(db, sql: "SELECT uid FROM identity WHERE email = ?", arguments: [email])
    return Set(direct + linked)
  }

  /// `password` first when set, then the linked providers in the order they were linked.
  static func signInMethods(_ db: Database, user: UserRecord) throws -> [String] {
    (user.hasPassword ? ["password"] : []) + (try identities(db, uid: user.uid).map(\.providerID))
  }

  static func activeSession(_ db: Database) throws -> SessionRecord? {
    try SessionRecord.filter(Column("endedAt") == nil).order(Column("createdAt").desc).fetchOne(db)
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
