import AuthEngine
import Foundation
import GRDB
import Testing

/// A child process is killed (SIGKILL) at injected points of sign-in and link; afterwards the store
/// holds the old state or the new one, and after recovery no secret is left that nothing references.
/// The secrets are in a `FileSecretStore` so that they outlive the child.
@Suite struct CrashSafetyTests {
  static func auth(_ directory: String, killAt point: String? = nil) throws -> Auth {
    let url = URL(fileURLWithPath: directory)
    let database = try AuthDatabase(directory: url)
    var environment = AuthEnvironment(
      transport: InMemoryHTTPTransport { _ in HTTPResponse(status: 503) }, secrets: FileSecretStore(dataDirectory: url),
      pending: SQLitePendingAuthorizationStore(database: database))
    if let point { environment.faultInjection = { if $0 == point { kill(getpid(), SIGKILL) } } }
    return Auth(
      configuration: AuthConfiguration(identity: .tests), environment: environment, database: database,
      passwordHasher: PasswordHasher(cost: .testing, random: SystemRandomSource()))
  }

  static func newDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("auth-crash-\(UUID().uuidString)").path
  }

  /// Row counts and the secrets of each namespace, after recovery.
  struct Snapshot: Sendable {
    var users = 0, identities = 0, activeSessions = 0, journal = 0
    var orphans: [String] = []
  }

  static func inspect(_ directory: String) async throws -> Snapshot {
    let auth = try Self.auth(directory)
    try await auth.recoverInterruptedOperations()
    let url = URL(fileURLWithPath: directory)
    let queue = try DatabaseQueue(path: url.appendingPathComponent(AuthDatabase.fileName).path)
    let read: (Snapshot, Set<String>) = try await queue.read { db -> (Snapshot, Set<String>) in
      var snapshot = Snapshot()
      var referenced: Set<String> = []
      snapshot.users = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user") ?? 0
      snapshot.identities = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM identity") ?? 0
      snapshot.activeSessions = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session WHERE endedAt IS NULL") ?? 0
      snapshot.journal = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM secretJournal") ?? 0
      for row in try Row.fetchAll(db, sql: "SELECT providerID, uid FROM providerCredential") {
        referenced.insert("credential/" + CredentialVault.key(providerID: row[0], uid: row[1]).id)
      }
      for id in try String.fetchAll(db, sql: "SELECT id FROM session WHERE endedAt IS NULL") {
        referenced.insert("session/\(id)")
      }
      for uid in try String.fetchAll(db, sql: "SELECT uid FROM user WHERE hasPassword") {
        referenced.insert("password/\(uid)")
      }
      for id in try String.fetchAll(db, sql: "SELECT id FROM pendingCredential") {
        referenced.insert("pending-credential/\(id)")
      }
      return (snapshot, referenced)
    }
    var snapshot = read.0
    let referenced = read.1
    let store = FileSecretStore(dataDirectory: url)
    for namespace in [CredentialVault.namespace, "session", "password", "pending-credential"] {
      for id in try await store.ids(in: namespace) where !referenced.contains("\(namespace)/\(id)") {
        snapshot.orphans.append("\(namespace)/\(id)")
      }
    }
    return snapshot
  }

  /// A GitHub sign-in of `providerUID` in a child process killed at `point`; then what every kill must
  /// leave: no orphan secret and an empty journal.
  static func signInKilled(_ directory: String, at point: String, providerUID: String) async throws -> Snapshot {
    await #expect(processExitsWith: .signal(SIGKILL)) { [directory, point, providerUID] in
      let auth = try CrashSafetyTests.auth(directory, killAt: point)
      _ = try await auth.signIn(with: AccountHarness.result("github.com", providerUID, email: "a@example.com"))
    }
    let after = try await inspect(directory)
    #expect(after.orphans.isEmpty, "orphan secrets: \(after.orphans)")
    #expect(after.journal == 0)
    return after
  }

  @Test(arguments: ["journaled", "secrets-written", "committed"])
  func killedDuringSignIn(point: String) async throws {
    let directory = Self.newDirectory()
    let after = try await Self.signInKilled(directory, at: point, providerUID: "1001")
    let old = after.users == 0 && after.identities == 0 && after.activeSessions == 0
    let new = after.users == 1 && after.identities == 1 && after.activeSessions == 1
    #expect(old || new, "neither the old nor the new state: \(after)")
    #expect(new == (point == "committed"))
  }

  /// The identity is known: the decision (its user) is read in the synced transaction that journals
  /// the secrets, and the credential is replaced in place. A kill at any point keeps the user, its
  /// credential (old or new, never gone) and no orphan.
  @Test(arguments: ["journaled", "secrets-written", "committed"])
  func killedDuringASignInOfAKnownIdentity(point: String) async throws {
    let directory = Self.newDirectory()
    let first = try await Self.auth(directory).signIn(
      with: AccountHarness.result("github.com", "1", email: "a@example.com"))
    try await Self.auth(directory).signOut()
    let after = try await Self.signInKilled(directory, at: point, providerUID: "1")
    #expect(after.users == 1 && after.identities == 1)
    #expect(after.activeSessions == (point == "committed" ? 1 : 0))
    let store = FileSecretStore(dataDirectory: URL(fileURLWithPath: directory))
    let credential = CredentialVault.key(providerID: "github.com", uid: first.user.uid)
    #expect(try await store.load(credential) != nil, "the known identity's credential is gone")
  }

  /// A writer killed between writing a secret's temporary file and renaming it into place (or a power
  /// cut that kept the file, not the rename) leaves a hidden file holding a secret: recovery deletes it
  /// once its process is gone, and leaves a live writer's alone.
  @Test func recoveryDeletesTheTemporaryFilesOfWritersThatAreGone() async throws {
    let directory = Self.newDirectory()
    let auth = try Self.auth(directory)
    _ = try await auth.signIn(with: AccountHarness.result("github.com", "1"))
    let folder = directory + "/secrets/session"
    let random = String(repeating: "0a", count: 16)
    let gone = folder + "/.abc-999999999-\(random).tmp"  // beyond Linux's largest pid
    let live = folder + "/.abc-\(getpid())-\(random).tmp"
    for path in [gone, live] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("a secret".utf8)))
    }
    try await auth.recoverInterruptedOperations()
    #expect(!FileManager.default.fileExists(atPath: gone), "a gone writer's temporary file was kept")
    #expect(FileManager.default.fileExists(atPath: live), "a live writer's temporary file was deleted")
    #expect(AtomicFile.leftover(".abc-\(getpid())-\(random).tmp") == (true, Int64(getpid())))
    #expect(AtomicFile.leftover(".abc-0E0E0E0E-1111-2222-3333-444444444444.tmp") == (true, nil))
    #expect(AtomicFile.leftover("abc") == (false, nil))
  }

  @Test(arguments: ["secrets-written", "committed"])
  func killedDuringLink(point: String) async throws {
    let directory = Self.newDirectory()
    _ = try await Self.auth(directory).signIn(with: AccountHarness.result("github.com", "1", email: "a@example.com"))
    await #expect(processExitsWith: .signal(SIGKILL)) { [directory = directory as String, point = point as String] in
      let auth = try CrashSafetyTests.auth(directory, killAt: point)
      let user = try await auth.currentUser()!
      _ = try await user.link(with: AccountHarness.result("twitter.com", "2"))
    }
    let after = try await Self.inspect(directory)
    #expect(after.orphans.isEmpty, "orphan secrets: \(after.orphans)")
    #expect(after.users == 1 && after.activeSessions == 1)
    #expect(after.identities == (point == "committed" ? 2 : 1))
  }

  /// A sign-in while another user is signed in adds a user and signs nobody out: a kill at any point
  /// leaves the first user signed in, and the second signed in too once committed. (It removes no
  /// secret, so it has no `synced` point.)
  @Test(arguments: ["journaled", "secrets-written", "committed"])
  func killedWhileASecondUserSignsIn(point: String) async throws {
    let directory = Self.newDirectory()
    _ = try await Self.auth(directory).signIn(with: AccountHarness.result("github.com", "1", email: "a@example.com"))
    await #expect(processExitsWith: .signal(SIGKILL)) { [directory = directory as String, point = point as String] in
      let auth = try CrashSafetyTests.auth(directory, killAt: point)
      _ = try await auth.signIn(with: AccountHarness.result("github.com", "2", email: "b@example.com"))
    }
    let after = try await Self.inspect(directory)
    #expect(after.orphans.isEmpty, "orphan secrets: \(after.orphans)")
    #expect(after.journal == 0)
    let committed = point == "committed"
    #expect(after.activeSessions == (committed ? 2 : 1))
    #expect(after.users == (committed ? 2 : 1))
  }

  /// Signing in again as a signed-in user ends its earlier session: that token is deleted after a
  /// synced commit (`AuthDatabase.sync()`, the `synced` point), or left journaled for recovery.
  @Test(arguments: ["journaled", "secrets-written", "committed", "synced"])
  func killedWhileASignInReplacesTheUsersSession(point: String) async throws {
    let directory = Self.newDirectory()
    _ = try await Self.auth(directory).signIn(with: AccountHarness.result("github.com", "1", email: "a@example.com"))
    let after = try await Self.signInKilled(directory, at: point, providerUID: "1")
    #expect(after.users == 1 && after.activeSessions == 1)
  }

  @Test func killedBetweenCommitAndSecretDeletionOnUnlink() async throws {
    let directory = Self.newDirectory()
    let auth = try Self.auth(directory)
    let user = try await auth.signIn(with: AccountHarness.result("github.com", "1")).user
    _ = try await user.link(with: AccountHarness.result("twitter.com", "2"))
    await #expect(processExitsWith: .signal(SIGKILL)) { [directory = directory as String] in
      let auth = try CrashSafetyTests.auth(directory, killAt: "committed")
      _ = try await auth.currentUser()!.unlink(fromProvider: "twitter.com")
    }
    let after = try await Self.inspect(directory)
    #expect(after.identities == 1)
    #expect(after.orphans.isEmpty, "the unlinked credential outlived the crash: \(after.orphans)")
  }

  /// Two processes sign in at once on one data dir (as the window and a CLI may): every operation
  /// succeeds (busy timeout, WAL), the shared identity gets exactly one account, every user stays
  /// signed in, and the current one is the last committed sign-in's.
  @Test func twoProcessesSignInAtOnce() async throws {
    let directory = Self.newDirectory()
    _ = try Self.auth(directory)  // create and migrate first
    await withTaskGroup(of: Void.self) { group in
      for process in 0..<2 {
        group.addTask {
          await #expect(processExitsWith: .success) { [directory = directory as String, process = process as Int] in
            let auth = try CrashSafetyTests.auth(directory)
            for index in 0..<15 {
              _ = try await auth.signIn(with: AccountHarness.result("github.com", "p\(process)-\(index)"))
              _ = try await auth.signIn(with: AccountHarness.result("twitter.com", "shared"))
            }
          }
        }
      }
    }
    let after = try await Self.inspect(directory)
    #expect(after.users == 31, "30 own accounts and one shared")
    #expect(after.identities == 31)
    #expect(after.activeSessions == 31)
    #expect(after.orphans.isEmpty)
    let auth = try Self.auth(directory)
    let lastCommitted = try await DatabaseQueue(path: directory + "/" + AuthDatabase.fileName).read { db in
      try String.fetchOne(db, sql: "SELECT uid FROM session WHERE endedAt IS NULL ORDER BY rowid DESC LIMIT 1")
    }
    #expect(try await auth.currentUser()?.uid == lastCommitted)
    #expect(try await auth.signedInUsers().users.count == 31)
  }
}
