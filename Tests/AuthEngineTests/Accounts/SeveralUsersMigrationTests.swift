import Foundation
import GRDB
import TestSupport
import Testing

@testable import AuthEngine

/// `v8-several-users`: the user signed in before it stays signed in, and current, in either account
/// mode; a process killed during it leaves the store as it was, and the next open runs it again.
@Suite struct SeveralUsersMigrationTests {
  /// A data dir as the version before wrote it: `u1` signed in locally (session `s1`), `u2` signed out,
  /// and a Firebase session of `f1`.
  static func v7DataDir() async throws -> (URL, InMemorySecretStore) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-v7-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: directory.appendingPathComponent(AuthDatabase.fileName).path)
    try AuthDatabase.migrator.migrate(queue, upTo: "v7-firebase-session")
    let now = Date()
    let account = String(
      decoding: try JSONEncoder().encode(
        Account(
          uid: "f1", email: "f@example.com", emailVerified: true, displayName: nil, photoURL: nil, providerData: [],
          metadata: UserMetadata(creationDate: now, lastSignInDate: now))), as: UTF8.self)
    try await queue.write { db in
      for (uid, email) in [("u1", "ada@example.com"), ("u2", "bob@example.com")] {
        try db.execute(
          sql: """
            INSERT INTO user (uid, email, emailVerified, hasPassword, creationDate, lastSignInDate)
            VALUES (?, ?, 1, 0, ?, ?)
            """, arguments: [uid, email, now, now])
        try db.execute(
          sql: "INSERT INTO identity (providerID, federatedID, uid, email, linkedAt) VALUES ('github.com', ?, ?, ?, ?)",
          arguments: [uid == "u1" ? "1001" : "1002", uid, email, now])
      }
      try db.execute(
        sql: """
          INSERT INTO session (id, uid, signInProvider, authTime, createdAt, endedAt)
          VALUES ('s0', 'u2', 'github.com', ?, ?, ?), ('s1', 'u1', 'github.com', ?, ?, NULL)
          """, arguments: [now, now, now, now, now])
      try db.execute(
        sql:
          "INSERT INTO firebaseSession (id, uid, signInProvider, account, createdAt) VALUES ('fs1', 'f1', 'password', ?, ?)",
        arguments: [account, now])
    }
    try queue.close()
    let secrets = InMemorySecretStore()
    try await secrets.store(StoredSecret("refresh"), for: SecretKey(namespace: "session", id: "s1"), label: "s")
    return (directory, secrets)
  }

  static func expectMigrated(_ directory: URL, _ secrets: InMemorySecretStore) async throws {
    let h = try AccountHarness(directory: directory, secrets: secrets)
    try await h.auth.recoverInterruptedOperations()
    let signedIn = try await h.auth.signedInUsers()
    #expect(signedIn.users.map(\.uid) == ["u1"], "the signed-in user was not kept alone")
    #expect(signedIn.currentUID == "u1")
    #expect(try await h.auth.currentUser()?.email == "ada@example.com")
    #expect(try await h.secretIDs("session") == ["s1"])
    let environment = AuthEnvironment(
      transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 503) }, secrets: secrets,
      pending: InMemoryPendingAuthorizationStore())
    let storage = AccountStorage(database: try await AuthDatabase.open(directory: directory), environment: environment)
    let firebase = try await FirebaseSessions(storage: storage).all()
    #expect(firebase.accounts.map(\.uid) == ["f1"] && firebase.currentUID == "f1")
    // Signing in adds a user to the migrated one.
    let b = try await h.auth.signIn(with: AccountHarness.result("github.com", "1002")).user
    #expect(b.uid == "u2")
    #expect(try await h.auth.signedInUsers().users.map(\.uid) == ["u1", "u2"])
    #expect(try await h.auth.currentUser()?.uid == "u2")
  }

  @Test func theSignedInUserStaysTheOneSignedInAndCurrent() async throws {
    let (directory, secrets) = try await Self.v7DataDir()
    try await Self.expectMigrated(directory, secrets)
  }

  /// A child process runs the migration's statements in the migrator's transaction and is killed
  /// before the commit: the store is still the version before, and the next open migrates it.
  @Test func aKilledMigrationResumes() async throws {
    let (directory, secrets) = try await Self.v7DataDir()
    let file = directory.appendingPathComponent(AuthDatabase.fileName).path
    await #expect(processExitsWith: .signal(SIGKILL)) { [file = file as String] in
      let queue = try DatabaseQueue(path: file)
      try queue.inDatabase { db in
        try db.execute(sql: "BEGIN IMMEDIATE")
        try SeveralUsersSchema.migrate(db)
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [SeveralUsersSchema.name])
        kill(getpid(), SIGKILL)
      }
    }
    let applied = try await DatabaseQueue(path: file).read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
    }
    #expect(!applied.contains(SeveralUsersSchema.name), "the killed migration was committed")
    try await Self.expectMigrated(directory, secrets)
  }
}
