import AuthDesktopKit
import AuthDesktopService
import AuthEngine
import Foundation
import TestSupport
import Testing

/// The service on a session bus of the test's own (`PrivateSessionBus`), with the consent and browser a
/// test gives, and its real clients on that bus: `gdbus` and the python3-gi client `Tests/Tools/web_client.py`.
struct ServiceHarness {
  let bus: PrivateSessionBus
  let service: AccountsService

  static let python = "/usr/bin/python3"
  static let client = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/web_client.py").path
  static let accountsClient = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/accounts_client.py").path

  static func start(
    consent: any ConsentProvider, browser: any BrowserLauncher = RecordingBrowserLauncher(),
    configure: (inout AccountsService.Options) -> Void = { _ in }
  ) async throws -> ServiceHarness {
    TestEnvironment.prepare()
    let bus = try await PrivateSessionBus.start(environment: [:])
    var options = AccountsService.Options(consent: consent, browser: browser, listener: SoupRedirectListener())
    configure(&options)
    let service = try await AccountsService.start(address: bus.address, options: options)
    let harness = ServiceHarness(bus: bus, service: service)
    try await Poll.until("the service owns its name") {
      try await harness.gdbus([
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", AccountsBus.busName,
      ]).output
        .contains("true")
    }
    return harness
  }

  /// Ends the bus at once (every client with it), then the service.
  func stop() {
    bus.stop()
    Task { [service] in await service.stop() }
  }

  func gdbus(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await Tool.run("gdbus", arguments, environment: bus.clientEnvironment)
  }

  /// `gdbus call` of a method of the service's object.
  func call(_ method: String, _ arguments: String...) async throws -> (status: Int32, output: String) {
    try await gdbus(
      ["call", "--session", "--dest", AccountsBus.busName, "--object-path", AccountsBus.objectPath, "--method", method]
        + arguments)
  }

  /// `web_client.py COMMAND …`'s JSON line, run as `command` (`bwrap …` in front, or nothing).
  func client(_ arguments: [String], inside command: [String] = []) async throws -> Any {
    try await script(Self.client, arguments, inside: command)
  }

  /// `accounts_client.py COMMAND …`'s JSON line (the Accounts1 client).
  func accounts(_ arguments: [String]) async throws -> Any { try await script(Self.accountsClient, arguments) }

  private func script(_ path: String, _ arguments: [String], inside command: [String] = []) async throws -> Any {
    let run = try await Tool.run(
      (command + [Self.python]).first!, Array((command + [Self.python]).dropFirst()) + [path] + arguments,
      environment: bus.clientEnvironment, errors: false)
    #expect(run.status == 0, "\(path) \(arguments): \(run.output)")
    return try JSONSerialization.jsonObject(with: Data(run.output.utf8))
  }

  /// `web_client.py hold URL` in the background (the test kills it), once it has asked; and its sender.
  func hold(_ url: String) async throws -> (Process, String) {
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: Self.python)
    holder.arguments = [Self.client, "hold", url]
    holder.environment = ProcessInfo.processInfo.environment.merging(bus.clientEnvironment) { $1 }
    let output = Pipe()
    holder.standardOutput = output
    try holder.run()
    let line = try await offThePool { output.fileHandleForReading.readFirstLine() }
    guard let sender = (try? JSONSerialization.jsonObject(with: line) as? [String: String])?["sender"] else {
      kill(holder.processIdentifier, SIGKILL)
      throw TestSetupError("web_client.py hold printed no sender")
    }
    return (holder, sender)
  }

  /// Nothing left: no session (so no listener), no request and no request object.
  func leftNothing() async -> Bool {
    let (sessions, requests, objects) = (
      await service.openSessions, await service.openRequests, await service.exportedRequestObjects
    )
    return sessions == 0 && requests == 0 && objects == 0
  }
}

/// Plays the user's browser against the Authlib servers: follows the authorization URL to the
/// redirect, then requests it from the session's listener (whose answer waits for the sign-in's end).
struct PlayingBrowser: BrowserLauncher {
  func open(_ url: URL) async throws {
    let redirect = try await Browser.follow(url)
    Task { _ = try? await HTTPProbe.request(redirect) }
  }
}

/// Answers `.deny` after checking that no other question is shown meanwhile; records the titles in order.
actor CountingConsent: ConsentProvider {
  private(set) var titles: [String] = []
  private(set) var mostShownAtOnce = 0
  private var shown = 0

  func decide(_ question: ConsentQuestion) async -> ConsentDecision {
    shown += 1
    mostShownAtOnce = max(mostShownAtOnce, shown)
    titles.append(question.title)
    for _ in 0..<20 { await Task.yield() }
    shown -= 1
    return .deny
  }
}

/// Shows each question until its task is cancelled (the caller closed the request or left).
actor HoldingConsent: ConsentProvider {
  private(set) var shown: [ConsentQuestion] = []
  private(set) var dismissed = 0

  func decide(_ question: ConsentQuestion) async -> ConsentDecision {
    shown.append(question)
    while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(50)) }
    dismissed += 1
    return .deny
  }
}
