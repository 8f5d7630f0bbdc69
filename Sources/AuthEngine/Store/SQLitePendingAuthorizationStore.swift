import Foundation
import GRDB

extension PendingAuthorizationRecord: FetchableRecord, PersistableRecord {
  public static let databaseTableName = "pendingAuthorization"
}

/// Pending authorizations in `auth.sqlite`, shared by every process of the app.
public struct SQLitePendingAuthorizationStore: PendingAuthorizationStore {
  let database: AuthDatabase

  public init(database: AuthDatabase) { self.database = database }

  public func insert(_ record: PendingAuthorizationRecord) async throws {
    try await guarded { try await database.write { db in try record.insert(db) } }
  }

  public func all() async throws -> [PendingAuthorizationRecord] {
    try await guarded {
      try await database.read { db in
        try db.all(PendingAuthorizationRecord.self, "SELECT * FROM pendingAuthorization ORDER BY createdAt")
      }
    }
  }

  public func take(id: String) async throws -> PendingAuthorizationRecord? {
    try await guarded {
      try await database.write { db in
        guard
          let record = try db.one(
            PendingAuthorizationRecord.self, "SELECT * FROM pendingAuthorization WHERE id = ?", [id])
        else { return nil }
        try db.run("DELETE FROM pendingAuthorization WHERE id = ?", [id])
        return record
      }
    }
  }

  /// One write transaction: the records are read, `pick` chooses, the chosen one is deleted.
  public func take(
    picking pick: @escaping @Sendable ([PendingAuthorizationRecord]) throws -> String?
  ) async throws -> PendingAuthorizationRecord? {
    try await guarded {
      try await database.write { db in
        let records = try db.all(
          PendingAuthorizationRecord.self, "SELECT * FROM pendingAuthorization ORDER BY createdAt")
        guard let id = try pick(records), let record = records.first(where: { $0.id == id }) else { return nil }
        try db.run("DELETE FROM pendingAuthorization WHERE id = ?", [id])
        return record
      }
    }
  }

  private func guarded<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await AuthDatabase.storageErrors(body)
  }
}

extension AuthDatabase {
  /// `body`, with SQLite's errors as `auth/storage-failure` (the stores' one shape of a database error).
  static func storageErrors<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as DatabaseError {
      throw AuthError(.storageFailure, origin: .storage, detail: "SQLite error \(error.resultCode.rawValue)")
    }
  }
}
