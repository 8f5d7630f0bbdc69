import AuthDesktopKit
import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// What `Accounts1` answers when the window's process has no accounts (`AccountsSource`): a window on its
/// start-up error page is answered at once with `Failed` in words that name the problem and send the
/// user to the window; a store still opening is waited for, and only a wait that ends says so.
@Suite struct AccountsSourceTests {
  static let failed = "dev.authdesktop.AuthDesktop.Error.Failed"
  static let notOffered = "AuthDesktop does not offer this yet."

  /// Each `Accounts1` method that reads the store, as `gdbus call` arguments.
  static let calls: [[String]] = [
    ["ListAccounts"], ["GetAccessToken", "uid-1", "@a{sv} {}"], ["GetIdToken", "uid-1", "@a{sv} {}"],
    ["RequestAccount", "", "github.com", "@as []", "@a{sv} {}"], ["Release", "uid-1"],
  ]

  @Test(arguments: [
    (
      AuthErrorCode.invalidConfiguration,
      "AuthDesktop cannot use your accounts: its configuration has a problem. Open AuthDesktop to see it."
    ),
    (
      .storageFailure,
      "AuthDesktop cannot use your accounts: it could not open where they are kept. Open AuthDesktop to see why."
    ),
    (.secretStoreUnavailable, "it could not open where they are kept."),
    (.emulatorPortInUse, "AuthDesktop cannot use your accounts: it could not start. Open AuthDesktop to see why."),
  ])
  func aWindowOnItsErrorPageIsAnsweredAtOnceWithWhy(_ code: AuthErrorCode, words: String) async throws {
    let asked = Counter()
    // A wait would outlast any call: only an answer that does not wait gets through.
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny)) {
      $0.accounts = {
        await asked.add()
        return .unavailable(code)
      }
      $0.storeWait = .seconds(3600)
    }
    defer { harness.stop() }
    for call in Self.calls {
      let answer = try await Self.call(harness, call)
      #expect(answer.status != 0, "\(call): \(answer.output)")
      #expect(answer.output.contains("\(Self.failed): "), "\(call): \(answer.output)")
      #expect(answer.output.contains(words), "\(call): \(answer.output)")
      #expect(!answer.output.contains(Self.notOffered), "\(call): \(answer.output)")
    }
    // Asked once per call: the error page is final, not polled.
    #expect(await asked.count == Self.calls.count)
    #expect(await harness.leftNothing())
  }

  /// A store that is still opening is waited for: the call is answered from it once it is open.
  @Test func aStoreStillOpeningIsWaitedFor() async throws {
    let auth = try await Self.emptyAuth()
    let asked = Counter()
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny)) {
      $0.accounts = { await asked.add() < 5 ? .opening : .open(auth) }
      $0.storeWait = .seconds(3600)
    }
    defer { harness.stop() }
    let answer = try await Self.call(harness, ["ListAccounts"])
    #expect(answer.status == 0 && answer.output.contains("@aa{sv} []"), "\(answer.output)")
    #expect(await asked.count > 5)
  }

  /// A store that does not open within the wait: the app is told so, not that AuthDesktop lacks the method.
  @Test func aWaitThatEndsSaysTheStoreIsStillOpening() async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny)) {
      $0.accounts = { .opening }
      $0.storeWait = .milliseconds(100)
    }
    defer { harness.stop() }
    let answer = try await harness.call("\(AccountsBus.accountsInterface).ListAccounts")
    #expect(answer.status != 0 && answer.output.contains("\(Self.failed): "), "\(answer.output)")
    #expect(answer.output.contains("AuthDesktop is still opening your accounts. Try again in a moment."))
  }

  /// A service without accounts (none offered) does not offer `Accounts1`: that is what `notAvailable` says.
  @Test func withoutAccountsAccounts1IsNotOffered() async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny))
    defer { harness.stop() }
    let answer = try await harness.call("\(AccountsBus.accountsInterface).ListAccounts")
    #expect(answer.output.contains("\(Self.failed): \(Self.notOffered)"), "\(answer.output)")
  }

  /// The words are the app's, one per cause, and none is `notAvailable`'s.
  @Test func eachCauseHasItsOwnWords() {
    let causes: [ServiceError.NoAccounts] = [.configuration, .store, .start, .opening]
    let words = causes.map { ServiceError.failed(.noAccounts($0)).message }
    #expect(Set(words + [Self.notOffered]).count == causes.count + 1)
    #expect(causes.allSatisfy { ServiceError.failed(.noAccounts($0)).name == Self.failed })
    #expect(ServiceError.NoAccounts(.insecureEndpoint) == .configuration)
    #expect(ServiceError.NoAccounts(.internalError) == .start)
  }

  /// `gdbus call` of `Accounts1`'s method `call[0]` with the arguments after it (a timeout longer than any wait).
  static func call(_ harness: ServiceHarness, _ call: [String]) async throws -> (status: Int32, output: String) {
    try await harness.gdbus(
      [
        "call", "--session", "--timeout", "600", "--dest", AccountsBus.busName, "--object-path", AccountsBus.objectPath,
        "--method", "\(AccountsBus.accountsInterface).\(call[0])",
      ] + call.dropFirst())
  }

  /// An `Auth` on an empty configuration and a store of the test's own (no account, no grant).
  static func emptyAuth() async throws -> Auth {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)")
    let database = try await AuthDatabase.open(directory: directory)
    return Auth(
      configuration: try ConfigurationLoader.parse("", identity: .tests),
      environment: AuthEnvironment(
        transport: InMemoryHTTPTransport { _ in InMemoryHTTPTransport.json([:]) }, secrets: InMemorySecretStore(),
        pending: SQLitePendingAuthorizationStore(database: database)),
      database: database)
  }
}

/// How many times the service asked for its accounts.
actor Counter {
  private(set) var count = 0

  /// Counts one; the count before it.
  func add() -> Int {
    count += 1
    return count - 1
  }
}
