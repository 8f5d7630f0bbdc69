import AuthEngine
import Foundation
import GRDB
import ScaleSeeding
import Testing

/// Sign-in and link stay correct with 1,000 accounts in the store: the known identity finds its own
/// user among the others, and a link lands on the signed-in one. No time is measured here; the timed
/// runs (1k, 10k and 100k accounts) are bench/run's store-scale benchmark (docs/benchmarks.md).
@Suite struct ScaleTests {
  /// Fills the store with `count` users, each with one GitHub identity (`ScaleSeeding`).
  static func populate(_ h: AccountHarness, count: Int) async throws {
    let queue = try DatabaseQueue(path: h.directory.appendingPathComponent(AuthDatabase.fileName).path)
    try await ScaleSeeding.populate(queue, count: count)
  }

  @Test func signInAndLinkAmongAThousandAccounts() async throws {
    let h = try AccountHarness()
    try await Self.populate(h, count: 1_000)
    let signedIn = try await h.auth.signIn(with: AccountHarness.result("github.com", "bulk-500"))
    #expect(signedIn.user.uid == "bulk-uid-500")
    #expect(signedIn.additionalUserInfo?.isNewUser == false)
    let user = try #require(try await h.auth.currentUser())
    _ = try await user.link(with: AccountHarness.result("oidc.scale", "linked-1"))
    let methods = try await h.auth.fetchSignInMethods(forEmail: "bulk500@example.com")
    #expect(methods.sorted() == ["github.com", "oidc.scale"])
    #expect(try h.count("user") == 1_000)
    #expect(try h.count("identity") == 1_001)
  }
}
