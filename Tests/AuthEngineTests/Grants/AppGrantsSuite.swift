import AuthEngine
import Foundation
import GRDB
import TestSupport
import Testing

/// The apps' grants (`Auth+AppGrants`), against both backends: stored for a signed-in account and a
/// linked provider only, one per app, account and provider, revoked by app (and account, provider), and
/// dropped by the transaction that signs the account out or deletes it.
@Suite struct AppGrantsSuite {
  static func grant(_ app: String, _ uid: String, scopes: [String] = ["read:user"], at date: Date) -> AppGrant {
    AppGrant(app: app, appName: "App \(app)", uid: uid, providerID: "github.com", scopes: scopes, grantedAt: date)
  }

  @Test(arguments: AccountMode.allCases)
  func grantsAreKeptPerAppAccountAndProvider(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let b = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    let now = w.clock.now()
    try await w.auth.grant(Self.grant("/usr/bin/notes", a.uid, at: now))
    try await w.auth.grant(Self.grant("/usr/bin/notes", b.uid, at: now))
    try await w.auth.grant(Self.grant("org.example.Mail", a.uid, scopes: ["repo", "repo", "gist"], at: now))
    // Allowing again replaces the grant: one row per app, account and provider.
    try await w.auth.grant(Self.grant("/usr/bin/notes", a.uid, scopes: ["read:user", "gist"], at: now))
    let all = try await w.restarted().auth.appGrants()
    #expect(all.map(\.app) == ["/usr/bin/notes", "/usr/bin/notes", "org.example.Mail"])
    #expect(all.first { $0.uid == a.uid && $0.app == "/usr/bin/notes" }?.scopes == ["read:user", "gist"])
    #expect(all.last?.scopes == ["repo", "gist"], "a scope asked twice is kept once")
    #expect(all.allSatisfy { $0.lastUsedAt == nil && $0.appName.hasPrefix("App ") })
    #expect(try await w.auth.appGrants(forApp: "org.example.Mail").map(\.uid) == [a.uid])

    w.clock.advance(by: 60)
    try await w.auth.noteAppGrantUsed(app: "org.example.Mail", uid: a.uid, providerID: "github.com")
    let used = try await w.auth.appGrants(forApp: "org.example.Mail").first?.lastUsedAt
    #expect(used.map { abs($0.timeIntervalSince(now + 60)) < 1 } == true)

    let removed = try await w.auth.revokeAppGrants(app: "/usr/bin/notes", uid: b.uid)
    #expect(removed.map(\.uid) == [b.uid])
    #expect(try await w.auth.revokeAppGrants(app: "/usr/bin/notes", uid: b.uid).isEmpty)
    #expect(try await w.auth.revokeAppGrants(app: "/usr/bin/notes").map(\.uid) == [a.uid])
    #expect(try await w.auth.appGrants().map(\.app) == ["org.example.Mail"])
  }

  @Test(arguments: AccountMode.allCases)
  func onlyASignedInAccountWithTheProviderIsGranted(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let now = w.clock.now()
    await expectAuthError(.noCurrentUser) { try await w.auth.grant(Self.grant("app", "no-such-uid", at: now)) }
    var other = Self.grant("app", a.uid, at: now)
    other.providerID = "twitter.com"
    await expectAuthError(.noSuchProvider) { try await w.auth.grant(other) }
    try await a.signOut()
    await expectAuthError(.noCurrentUser) { try await w.auth.grant(Self.grant("app", a.uid, at: now)) }
    #expect(try await w.auth.appGrants().isEmpty)
  }

  /// Signing out (one, or all) and deleting drop the account's grants; signing in again as a signed-in
  /// user (a new session) keeps them.
  @Test(arguments: AccountMode.allCases)
  func signingOutOrDeletingDropsTheGrants(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    let b = try await w.auth.signIn(with: try await w.github(2, email: "b@example.com")).user
    let c = try await w.auth.signIn(with: try await w.github(3, email: "c@example.com")).user
    let now = w.clock.now()
    for user in [a, b, c] { try await w.auth.grant(Self.grant("app", user.uid, at: now)) }
    _ = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com"))
    #expect(try await w.auth.appGrants().count == 3, "a new session of a signed-in user dropped its grants")
    try await w.auth.signOut(uid: a.uid)
    #expect(Set(try await w.auth.appGrants().map(\.uid)) == [b.uid, c.uid])
    try await b.delete()
    #expect(try await w.auth.appGrants().map(\.uid) == [c.uid])
    try await w.auth.signOutAll()
    #expect(try await w.auth.appGrants().isEmpty)
  }

  /// The rows as SQLite has them: no secret, and the table the migration made.
  @Test func theTableHoldsNoSecret() async throws {
    let w = try await AccountWorld.make(.local)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    try await w.auth.grant(Self.grant("app", a.uid, at: w.clock.now()))
    let token = try await w.auth.providerCredential(providerID: "github.com", uid: a.uid).accessToken?.reveal()
    let queue = try DatabaseQueue(path: w.directory.appendingPathComponent(AuthDatabase.fileName).path)
    let (count, text) = try await queue.read { db in
      let rows = try Row.fetchAll(db, sql: "SELECT * FROM appGrant")
      return (rows.count, rows.description)
    }
    #expect(count == 1)
    #expect(!text.contains(try #require(token)))
    let applied = try await queue.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
    #expect(applied.contains("v10-app-grants"))
  }

  /// The in-memory store answers as the SQLite one does (same order, replacement, revocation).
  @Test func theInMemoryStoreActsAsTheStore() async throws {
    let store = InMemoryAppGrantStore()
    let date = Date(timeIntervalSince1970: 1_000)
    #expect(await store.save(Self.grant("b", "u1", at: date)))
    #expect(await store.save(Self.grant("a", "u2", at: date)))
    #expect(await store.save(Self.grant("a", "u1", scopes: ["x", "x"], at: date)))
    #expect(await store.save(Self.grant("a", "u1", scopes: ["y"], at: date)))
    #expect(
      await store.all().map { "\($0.app) \($0.uid) \($0.scopes)" } == [
        "a u1 [\"y\"]", "a u2 [\"read:user\"]", "b u1 [\"read:user\"]",
      ])
    await store.noteUsed(app: "a", uid: "u2", providerID: "github.com", at: date + 5)
    #expect(try await store.grants(forApp: "a").last?.lastUsedAt == date + 5)
    #expect(await store.revoke(app: "a", uid: nil, providerID: "twitter.com").isEmpty)
    #expect(await store.revoke(app: "a", uid: "u1", providerID: nil).count == 1)
    await store.drop(uids: ["u1"])
    #expect(await store.all().map(\.app) == ["a"])
  }

  /// "Last used" is written only when it would show differently (a new second): two token calls in a row
  /// are one write, and a call in a later second updates it. Observed on the store's row.
  @Test(arguments: AccountMode.allCases)
  func lastUseIsWrittenOnlyWhenItShowsDifferently(mode: AccountMode) async throws {
    let w = try await AccountWorld.make(mode)
    let a = try await w.auth.signIn(with: try await w.github(1, email: "a@example.com")).user
    try await w.auth.grant(Self.grant("app", a.uid, at: w.clock.now()))
    func stored() async throws -> Date? { try await w.auth.appGrants(forApp: "app").first?.lastUsedAt }
    func near(_ date: Date?, _ expected: Date) -> Bool {
      date.map { abs($0.timeIntervalSince(expected)) < 0.002 } == true
    }

    w.clock.advance(by: 60 - w.clock.now().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) + 0.1)
    let first = w.clock.now()
    try await w.auth.noteAppGrantUsed(try #require(try await w.auth.appGrants(forApp: "app").first))
    #expect(near(try await stored(), first))
    w.clock.advance(by: 0.5)  // the same second: shown the same, not written
    try await w.auth.noteAppGrantUsed(try #require(try await w.auth.appGrants(forApp: "app").first))
    try await w.auth.noteAppGrantUsed(app: "app", uid: a.uid, providerID: "github.com")
    #expect(near(try await stored(), first), "a use in the same second was written")
    w.clock.advance(by: 0.5)  // the next second
    let later = w.clock.now()
    try await w.auth.noteAppGrantUsed(app: "app", uid: a.uid, providerID: "github.com")
    #expect(near(try await stored(), later))
  }

}
