import Foundation
import GRDB

/// `v10-app-grants`: the apps' grants (`AppGrant`), one row per app, account and provider. A grant
/// belongs to a signed-in account: it is stored only while the account has an active session (local or
/// Firebase), in the statement that checks it, and the transaction that ends an account's session by
/// signing it out or deleting it drops its grants (`drop`). Holds no secret: the token stays in the
/// secret store under the account.
enum AppGrantsSchema {
  static let name = "v10-app-grants"

  static func register(in migrator: inout DatabaseMigrator) {
    migrator.registerMigration(name) { db in
      try db.execute(
        sql: """
          CREATE TABLE appGrant (
            app TEXT NOT NULL, appName TEXT NOT NULL, uid TEXT NOT NULL, providerID TEXT NOT NULL,
            scopes TEXT NOT NULL, grantedAt DATETIME NOT NULL, lastUsedAt DATETIME,
            PRIMARY KEY (app, uid, providerID));
          CREATE INDEX appGrant_uid ON appGrant (uid);
          """)
    }
  }

  /// Inside the transaction that ends the sessions of `uids` (a sign-out, a deletion): their grants go.
  static func drop(_ db: Database, uids: [String]) throws {
    for uid in uids { try db.run("DELETE FROM appGrant WHERE uid = ?", [uid]) }
  }

  static func matches(_ grant: AppGrant, app: String, uid: String?, providerID: String?) -> Bool {
    grant.app == app && (uid == nil || grant.uid == uid) && (providerID == nil || grant.providerID == providerID)
  }

  static func grant(_ row: Row) -> AppGrant {
    let scopes = (try? JSONDecoder().decode([String].self, from: Data((row["scopes"] as String).utf8))) ?? []
    return AppGrant(
      app: row["app"], appName: row["appName"], uid: row["uid"], providerID: row["providerID"], scopes: scopes,
      grantedAt: row["grantedAt"], lastUsedAt: row["lastUsedAt"])
  }
}

/// The grants in `auth.sqlite`, shared by every process of the data dir (the service, the command line).
public struct SQLiteAppGrantStore: AppGrantStore {
  let database: AuthDatabase

  public init(database: AuthDatabase) { self.database = database }

  public func all() async throws -> [AppGrant] {
    try await guarded {
      try await database.read { db in
        try Row.fetchAll(db, sql: "SELECT * FROM appGrant ORDER BY app, uid, providerID").map(AppGrantsSchema.grant)
      }
    }
  }

  /// One statement: the row is written only when `uid` has an active session, so a sign-out between a
  /// caller's check and this write leaves no grant behind.
  public func save(_ grant: AppGrant) async throws -> Bool {
    let scopes = String(decoding: try JSONEncoder().encode(grant.scopes), as: UTF8.self)
    return try await guarded {
      try await database.write { db in
        try db.run(
          """
          INSERT OR REPLACE INTO appGrant (app, appName, uid, providerID, scopes, grantedAt, lastUsedAt)
          SELECT ?, ?, ?, ?, ?, ?, ?
          WHERE EXISTS (SELECT 1 FROM session WHERE uid = ?3 AND endedAt IS NULL)
             OR EXISTS (SELECT 1 FROM firebaseSession WHERE uid = ?3 AND endedAt IS NULL)
          """,
          [grant.app, grant.appName, grant.uid, grant.providerID, scopes, grant.grantedAt, grant.lastUsedAt])
        return db.changesCount > 0
      }
    }
  }

  public func revoke(app: String, uid: String?, providerID: String?) async throws -> [AppGrant] {
    try await guarded {
      try await database.write { db in
        let removed = try Row.fetchAll(db, sql: "SELECT * FROM appGrant WHERE app = ?", arguments: [app])
          .map(AppGrantsSchema.grant)
          .filter { AppGrantsSchema.matches($0, app: app, uid: uid, providerID: providerID) }
        for grant in removed {
          try db.run(
            "DELETE FROM appGrant WHERE app = ? AND uid = ? AND providerID = ?",
            [grant.app, grant.uid, grant.providerID])
        }
        return removed
      }
    }
  }

  public func noteUsed(app: String, uid: String, providerID: String, at date: Date) async throws {
    try await guarded {
      try await database.write { db in
        try db.run(
          "UPDATE appGrant SET lastUsedAt = ? WHERE app = ? AND uid = ? AND providerID = ?",
          [date, app, uid, providerID])
      }
    }
  }

  private func guarded<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await AuthDatabase.storageErrors(body)
  }
}
