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
    try await guarded { try await database.queue.write { db in try record.insert(db) } }
  }

  public func all() async throws -> [PendingAuthorizationRecord] {
    try await guarded {
      try await database.queue.read { db in
        try PendingAuthorizationRecord.order(Column("createdAt")).fetchAll(db)
      }
    }
  }

  public func take(id: String) async throws -> PendingAuthorizationRecord? {
    try await guarded {
      try await database.queue.write { db in
        guard let record = try PendingAuthorizationRecord.fetchOne(db, key: id) else { return nil }
        try record.delete(db)
        return record
      }
    }
  }

  private func guarded<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error as DatabaseError {
      throw AuthError(.storageFailure, origin: .storage, detail: "SQLite error \(error.resultCode.rawValue)")
    }
  }
}
