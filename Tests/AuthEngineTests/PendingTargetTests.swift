import Foundation
import GRDB
import TestSupport
import Testing

@testable import AuthEngine

/// A pending link or reauthentication for a signed-in account that is not current: the request stores
/// the account (`v9-pending-target-account`), so the process that completes the redirect applies it to
/// that account; one signed out meanwhile is `auth/account-signed-out`. The migration keeps the pending
/// requests stored before it, and a process killed during it leaves the store as it was.
@Suite struct PendingTargetTests {
  func opened(_ browser: RecordingBrowserLauncher) async throws -> URL {
    try await Browser.follow(try #require(await browser.opened.last))
  }

  /// Another process on the same data dir and keyring.
  func other(_ harness: AccountHarness, _ provider: Fixtures.Provider) throws -> AccountHarness {
    try AccountHarness(
      configuration: provider.configuration, directory: harness.directory, secrets: harness.secrets,
      clock: harness.clock)
  }

  func startLink(_ harness: AccountHarness, _ intent: SignInIntent, for uid: String) async throws -> URL {
    let browser = RecordingBrowserLauncher()
    let session = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), intent: intent, account: uid, browser: browser,
      redirect: .scheme(receiver: nil), timeout: .seconds(60))
    let redirect = try await opened(browser)
    #expect(try await harness.auth.authorization.pendingAuthorization(for: redirect)?.account == uid)
    _ = session  // it waits; another process completes its redirect
    return redirect
  }

  /// A GitHub provider, and two users with a password: ada, then bob (current).
  func adaAndBob() async throws -> (Fixtures.Provider, AccountHarness, User, User) {
    let provider = try await Fixtures.github()
    let harness = try AccountHarness(configuration: provider.configuration)
    let ada = try await harness.auth.createUser(email: "ada@example.com", password: Password("correct horse")).user
    let bob = try await harness.auth.createUser(email: "bob@example.com", password: Password("correct horse")).user
    return (provider, harness, ada, bob)
  }

  @Test func anotherProcessAppliesTheRedirectToTheStoredAccount() async throws {
    let (provider, harness, ada, bob) = try await adaAndBob()
    let redirect = try await startLink(harness, .link, for: ada.uid)
    let other = try other(harness, provider)
    #expect(try await other.auth.completeRedirect(redirect).user.uid == ada.uid)
    #expect(
      try await other.auth.signedInUser(uid: ada.uid)?.providerData.map(\.providerID) == ["github.com", "password"])
    #expect(try await other.auth.currentUser()?.uid == bob.uid, "the link switched to its account")
    #expect(try await other.auth.currentUser()?.providerData.map(\.providerID) == ["password"])

    let again = try await startLink(harness, .reauthenticate, for: ada.uid)
    #expect(try await other.auth.completeRedirect(again).user.uid == ada.uid)
    // A sign-in stores no account, whatever it is given.
    let browser = RecordingBrowserLauncher()
    _ = try await harness.auth.startSignIn(
      OAuthProvider(providerID: "github.com"), account: ada.uid, browser: browser, redirect: .scheme(receiver: nil),
      timeout: .seconds(60))
    #expect(try await harness.auth.authorization.pendingAuthorization(for: try await opened(browser))?.account == nil)
  }

  @Test func anAccountSignedOutMeanwhileIsAStableError() async throws {
    let (provider, harness, ada, bob) = try await adaAndBob()
    let redirect = try await startLink(harness, .link, for: ada.uid)
    try await ada.signOut()
    let error = await expectAuthError(.accountSignedOut) {
      try await other(harness, provider).auth.completeRedirect(redirect)
    }
    #expect(error?.providerID == "github.com")
    #expect(try await harness.auth.currentUser()?.uid == bob.uid)
    #expect(try await harness.auth.currentUser()?.providerData.map(\.providerID) == ["password"], "linked to bob")
    #expect(try await harness.auth.authorization.pendingAuthorizations().isEmpty, "the request was used up")
  }

  /// A store as the version before wrote it, with a pending request: the migration keeps it (no
  /// account: the current user's, as before); killed before its commit, the store is unchanged and
  /// the next open migrates it, `v9` before `v10-app-grants`.
  @Test func aKilledMigrationResumesAndKeepsThePendingRequests() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("auth-v8-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(AuthDatabase.fileName).path
    let queue = try DatabaseQueue(path: file)
    try AuthDatabase.migrator.migrate(queue, upTo: SeveralUsersSchema.name)
    let now = Date()
    try await queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO pendingAuthorization (id, providerID, flow, intent, redirectURI, issuerParameterRequired,
            scopes, createdAt, expiresAt) VALUES ('p1', 'github.com', 'oauth2', 'link', 'x:/r', 0, '', ?, ?)
          """, arguments: [now, now.addingTimeInterval(600)])
    }
    try queue.close()
    await #expect(processExitsWith: .signal(SIGKILL)) { [file = file as String] in
      let queue = try DatabaseQueue(path: file)
      try queue.inDatabase { db in
        try db.execute(sql: "BEGIN IMMEDIATE")
        try PendingTargetSchema.migrate(db)
        try db.execute(
          sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [PendingTargetSchema.name])
        kill(getpid(), SIGKILL)
      }
    }
    let before = try await DatabaseQueue(path: file).read { db in
      (
        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
        try db.columns(in: "pendingAuthorization")
      )
    }
    #expect(!before.0.contains(PendingTargetSchema.name), "the killed migration was committed")
    #expect(!before.1.contains { $0.name == "account" })

    let database = try await AuthDatabase.open(directory: directory)
    let pending = try await SQLitePendingAuthorizationStore(database: database).all()
    #expect(pending.map(\.id) == ["p1"] && pending.first?.account == nil && pending.first?.intent == .link)
    let applied = try await database.read { db in
      try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }
    #expect(
      Array(applied.drop { $0 != PendingTargetSchema.name }.prefix(2)) == [PendingTargetSchema.name, "v10-app-grants"])
  }
}
