import AuthEngine
import Foundation
import GRDB
import Testing

/// Sign-in lookup and link with 1,000 accounts in the store find and change the right one. How long
/// they take at 100,000 accounts is measured by `bench/run` (`auth-desktop-bench scale`), not here.
@Suite struct ScaleTests {
  /// Fills the store with `count` users, each with one GitHub identity (`github.com`, "bulk-N").
  static func populate(_ h: AccountHarness, count: Int) async throws {
    let queue = try DatabaseQueue(path: h.directory.appendingPathComponent(AuthDatabase.fileName).path)
    let now = Date()
    try await queue.write { db in
      let user = try db.makeStatement(
        sql:
          "INSERT INTO user (uid, email, emailVerified, hasPassword, creationDate, lastSignInDate) VALUES (?, ?, 1, 0, ?, ?)"
      )
      let identity = try db.makeStatement(
        sql: "INSERT INTO identity (providerID, federatedID, uid, email, linkedAt) VALUES ('github.com', ?, ?, ?, ?)")
      for index in 0..<count {
        let uid = "bulk-uid-\(index)"
        let email = "bulk\(index)@example.com"
        try user.execute(arguments: [uid, email, now, now])
        try identity.execute(arguments: ["bulk-\(index)", uid, email, now])
      }
    }
  }

  @Test func signInAndLinkFindTheRightAccountAmongAThousand() async throws {
    let h = try AccountHarness()
    try await Self.populate(h, count: 1_000)
    let uid = try await h.auth.signIn(with: AccountHarness.result("github.com", "bulk-500")).user.uid
    #expect(uid == "bulk-uid-500")
    let user = try #require(try await h.auth.currentUser())
    for index in 0..<3 { _ = try await user.link(with: AccountHarness.result("oidc.p\(index)", "x-\(index)")) }
    #expect(try await h.auth.fetchSignInMethods(forEmail: "bulk500@example.com").count == 4)
    #expect(try await h.auth.fetchSignInMethods(forEmail: "bulk501@example.com").count == 1)
  }
}
