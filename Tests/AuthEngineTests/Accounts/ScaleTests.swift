import AuthEngine
import Foundation
import GRDB
import Testing

/// Sign-in lookup and link with 1,000 / 100,000 accounts in the store. The figures are printed for
/// docs/benchmarks.md; nothing here asserts a time.
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

  static func milliseconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  @Test func signInLookupAndLinkAt1kAnd100k() async throws {
    var rows: [String] = []
    for count in [1_000, 100_000] {
      let h = try AccountHarness()
      try await Self.populate(h, count: count)
      let target = count / 2
      var signIn: [Double] = []
      var uid = ""
      for _ in 0..<20 {
        signIn.append(
          try await Self.milliseconds {
            uid = try await h.auth.signIn(with: AccountHarness.result("github.com", "bulk-\(target)")).user.uid
          })
      }
      #expect(uid == "bulk-uid-\(target)")
      var link: [Double] = []
      let user = try #require(try await h.auth.currentUser())
      for index in 0..<20 {
        link.append(
          try await Self.milliseconds {
            _ = try await user.link(with: AccountHarness.result("oidc.p\(index)", "x-\(index)"))
          })
      }
      let methods = try await h.auth.fetchSignInMethods(forEmail: "bulk\(target)@example.com")
      #expect(methods.count == 21)
      rows.append(
        String(format: "%7d accounts: sign-in median %.2f ms, link median %.2f ms", count, median(signIn), median(link))
      )
    }
    print("ScaleTests (store scale, in-memory secret store):\n" + rows.joined(separator: "\n"))
  }

  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
