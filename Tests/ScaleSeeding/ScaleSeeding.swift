import Foundation
import GRDB

/// The accounts `ScaleTests` and bench/'s store-scale benchmark fill an account store with, written
/// straight into its tables: `count` users (`bulk-uid-N`, `bulkN@example.com`), each with one GitHub
/// identity (`github.com`, `bulk-N`, login `bulklogin-N`). One definition, so the benchmark times the
/// store the tests check. With `signedIn`, the first `signedIn` users are signed in too (a session each,
/// `bulk-session-N`, the last one current; no secret is written).
public enum ScaleSeeding {
  public static func populate(_ store: some DatabaseWriter, count: Int, signedIn: Int = 0) async throws {
    let now = Date()
    try await store.write { db in
      let user = try db.makeStatement(
        sql:
          "INSERT INTO user (uid, email, emailVerified, hasPassword, creationDate, lastSignInDate) VALUES (?, ?, 1, 0, ?, ?)"
      )
      let identity = try db.makeStatement(
        sql: """
          INSERT INTO identity (providerID, federatedID, uid, email, linkedAt, screenName)
          VALUES ('github.com', ?, ?, ?, ?, ?)
          """)
      let session = try db.makeStatement(
        sql: """
          INSERT INTO session (id, uid, signInProvider, authTime, createdAt, currentRank)
          VALUES (?, ?, 'github.com', ?, ?, ?)
          """)
      for index in 0..<count {
        let uid = "bulk-uid-\(index)"
        let email = "bulk\(index)@example.com"
        try user.execute(arguments: [uid, email, now, now])
        try identity.execute(arguments: ["bulk-\(index)", uid, email, now, "bulklogin-\(index)"])
        if index < signedIn { try session.execute(arguments: ["bulk-session-\(index)", uid, now, now, index + 1]) }
      }
    }
  }
}
