import Foundation
import GRDB
import ScaleSeeding
import Testing

@testable import AuthEngine

/// Listing the signed-in users and finding the current one read through indexes (`SignedInOrderSchema`):
/// SQLite's plans sort nothing and scan no table, so their cost is what they return, and the listing's
/// order is still sign-in order, each user's identities in the order they were linked.
@Suite struct SignedInOrderTests {
  static func plan(_ queue: DatabaseQueue, _ sql: String) throws -> String {
    try queue.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ")
    }
  }

  @Test func theListingAndTheCurrentUserSortAndScanNothing() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("order-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let queue = try AuthDatabase(directory: directory).queue
    let listing = try Self.plan(queue, LocalAccounts.signedInSQL)
    #expect(!listing.contains("TEMP B-TREE") && listing.contains("session_signedIn_order"), "\(listing)")
    #expect(listing.contains("identity_on_uid_linkedAt"), "\(listing)")
    // `accounts --json`'s listing also finds the current user by index, once.
    let json = try Self.plan(queue, LocalAccounts.signedInJSONSQL)
    #expect(!json.contains("TEMP B-TREE") && json.contains("session_signedIn_order"), "\(json)")
    #expect(json.contains("SCALAR SUBQUERY") && json.contains("session_current"), "\(json)")
    let current = try Self.plan(
      queue, "SELECT * \(Accounts.currentSessionRow)")
    #expect(!current.contains("TEMP B-TREE") && current.contains("session_current"), "\(current)")
  }

  @Test func theListingKeepsSignInOrder() async throws {
    let h = try AccountHarness()
    let queue = try DatabaseQueue(path: h.directory.appendingPathComponent(AuthDatabase.fileName).path)
    try await ScaleSeeding.populate(queue, count: 30, signedIn: 30)
    // The tenth becomes current and links a second provider: the order stays the order of signing in.
    let user = try await h.auth.switchUser(to: "bulk-uid-10")
    _ = try await user.link(with: AccountHarness.result("oidc.order", "linked-10"))
    let listed = try await h.auth.signedInUsers()
    #expect(listed.users.map(\.uid) == (0..<30).map { "bulk-uid-\($0)" })
    #expect(listed.currentUID == "bulk-uid-10")
    // Its identities in the order they were linked, as a read of that user alone gives them.
    let alone = try #require(try await h.auth.signedInUser(uid: "bulk-uid-10"))
    #expect(listed.users[10].providerData.count == 2 && listed.users[10].account == alone.account)
  }
}
