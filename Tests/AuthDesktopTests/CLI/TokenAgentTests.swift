import AuthEngine
import Foundation
import TestSupport
import Testing

/// The token agent (docs/architecture.md, "The token agent"): once `install` has written its service
/// file, the session bus starts it for `auth-desktop token`, it answers what the command would print,
/// it follows the store, and it ends with its bus or when idle. Each test has a bus of its own whose
/// services are looked for in the test's data home.
@Suite struct TokenAgentTests {
  static let answeredByTheAgent = "answered by the token agent"
  static let agentName = "\(AppIdentity.tests.applicationID).Agent"

  static func desktop(_ cli: CLIRunner, idleSeconds: Int = 600) -> [String: String] {
    [
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path,
      "AUTH_DESKTOP_AGENT_IDLE_SECONDS": "\(idleSeconds)", "AUTH_DESKTOP_DEBUG": "1",
    ]
  }

  /// The process id of the agent on `bus`, or nil when nothing owns its name.
  static func agentProcess(on bus: PrivateSessionBus) async throws -> Int32? {
    let answer = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", agentName,
      ], environment: bus.clientEnvironment)
    guard answer.status == 0 else { return nil }
    return answer.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }.last
  }

  /// A runner signed in with GitHub (the Authlib server), custom-scheme redirect completed in its own process.
  static func signedIn() async throws -> CLIRunner {
    let (configuration, _) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect)
    let cli = try CLIRunner(configuration: configuration)
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
    #expect(try await cli.run([redirect.absoluteString, "--json"]).status == 0)
    return cli
  }

  @Test func theAgentAnswersAsTheCommandWouldFollowsTheStoreAndEndsWithItsBus() async throws {
    let cli = try await Self.signedIn()
    let desktop = Self.desktop(cli)
    let direct = try await cli.run(["token", "github.com", "--json"], environment: desktop)
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(!direct.stderr.contains(Self.answeredByTheAgent), "asked an agent that is not installed")

    #expect(try await cli.run(["install"], environment: desktop).status == 0)
    let bus = try PrivateSessionBus(environment: desktop)
    defer { bus.stop() }
    let answered = try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment)
    #expect(answered.status == 0, "\(answered.stderr)")
    #expect(answered.stderr.contains(Self.answeredByTheAgent), "\(answered.stderr)")
    #expect(answered.stdout == direct.stdout)
    let plain = try await cli.run(["token", "github.com"], environment: bus.clientEnvironment)
    #expect(plain.stdout == "\(direct.json["accessToken"] as? String ?? "-")\n")
    // Calls that overlap in the agent are answered each as alone.
    let together = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
      for _ in 0..<4 {
        group.addTask { try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(together.filter { $0.stdout == direct.stdout && $0.stderr.contains(Self.answeredByTheAgent) }.count == 4)

    // Another process signs out: the agent has no answer, and the command's own error is printed.
    #expect(try await cli.run(["sign-out"], environment: bus.clientEnvironment).status == 0)
    let after = try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment)
    #expect(after.status != 0)
    #expect((after.json["error"] as? [String: Any])?["code"] as? String == "auth/no-current-user")
    #expect(!after.stderr.contains(Self.answeredByTheAgent))

    let agent = try #require(try await Self.agentProcess(on: bus))
    bus.stop()
    try await Poll.until("the agent to end with its bus") { kill(agent, 0) != 0 }
  }

  /// The first call of a session starts the agent over the bus; the agent then listens on a socket of
  /// its own in the session's runtime dir, and later calls come that way. A killed agent leaves its
  /// socket behind: the next call finds no one there and asks the bus, whose new agent replaces it.
  @Test func laterCallsComeOverTheAgentsSocketAndAKilledAgentsIsReplaced() async throws {
    let cli = try await Self.signedIn()
    let desktop = Self.desktop(cli)
    #expect(try await cli.run(["install"], environment: desktop).status == 0)
    let bus = try PrivateSessionBus(environment: desktop)
    defer { bus.stop() }
    let folder = try #require(bus.clientEnvironment["XDG_RUNTIME_DIR"]) + "/\(AppIdentity.tests.applicationID)"
    let socket = folder + "/agent"
    let token = { try await cli.run(["token", "github.com"], environment: bus.clientEnvironment) }

    let first = try await token()
    #expect(first.stderr.contains(Self.answeredByTheAgent + " over the bus"), "\(first.stderr)")
    try await Poll.until("the agent's socket") { FileManager.default.fileExists(atPath: socket) }
    #expect(try fileMode(folder) == 0o700)
    #expect(try fileMode(socket) == 0o600)
    let second = try await token()
    #expect(second.stderr.contains(Self.answeredByTheAgent + " over its socket"), "\(second.stderr)")
    #expect(second.stdout == first.stdout)

    let agent = try #require(try await Self.agentProcess(on: bus))
    kill(agent, SIGKILL)
    try await Poll.until("the killed agent to leave the bus") { try await Self.agentProcess(on: bus) == nil }
    #expect(FileManager.default.fileExists(atPath: socket))
    let third = try await token()
    #expect(third.stderr.contains(Self.answeredByTheAgent + " over the bus"), "\(third.stderr)")
    #expect(third.stdout == first.stdout)
    try await Poll.until("a call over the new agent's socket") {
      try await token().stderr.contains(Self.answeredByTheAgent + " over its socket")
    }
  }

  @Test func anAgentWhoseExecutableWasReplacedAnswersNothingMoreAndEnds() async throws {
    let copy = try await Self.signedIn().installedCopy(in: "bin")
    let desktop = Self.desktop(copy)
    #expect(try await copy.run(["install"], environment: desktop).status == 0)
    let bus = try PrivateSessionBus(environment: desktop)
    defer { bus.stop() }
    let answered = try await copy.run(["token", "github.com"], environment: bus.clientEnvironment)
    #expect(answered.stderr.contains(Self.answeredByTheAgent), "\(answered.stderr)")
    let agent = try #require(try await Self.agentProcess(on: bus))

    // An upgrade: the program the agent runs is replaced by another file at the same path.
    let program = copy.executable.deletingLastPathComponent().appendingPathComponent("auth-desktop-cli")
    try FileManager.default.removeItem(at: program)
    try CLIRunner.placeProgram("auth-desktop-cli", in: program.deletingLastPathComponent())
    let after = try await copy.run(["token", "github.com"], environment: bus.clientEnvironment)
    #expect(after.status == 0, "\(after.stderr)")
    #expect(after.stdout == answered.stdout)
    #expect(!after.stderr.contains(Self.answeredByTheAgent), "the replaced agent answered")
    try await Poll.until("the replaced agent to end") { kill(agent, 0) != 0 }
  }

  /// The look at the arguments made before they are parsed (whether to ask the agent) takes any argument:
  /// the command then fails as the engine (1: no one is signed in) or the parser (64: an extra argument)
  /// says, and does not crash.
  @Test(arguments: [
    (["token", "", "--json"], 1), (["token", "=", "--json"], 1), (["token", "github.com", "", "--json"], 64),
  ])
  func oddArgumentsGetTheCommandsOwnError(_ arguments: [String], status: Int) async throws {
    let cli = try CLIRunner()
    let result = try await cli.run(arguments, environment: Self.desktop(cli))
    #expect(Int(result.status) == status, "\(result.stderr)")
  }

  /// Its idle time (3 s here) can pass before a loaded machine has asked the bus for its process id: the
  /// agent then has already left, which the last poll sees as well.
  @Test func theAgentEndsWhenIdle() async throws {
    let cli = try await Self.signedIn()
    let desktop = Self.desktop(cli, idleSeconds: 3)
    #expect(try await cli.run(["install"], environment: desktop).status == 0)
    let bus = try PrivateSessionBus(environment: desktop)
    defer { bus.stop() }
    let token = try await cli.run(["token", "github.com"], environment: bus.clientEnvironment)
    #expect(token.stderr.contains(Self.answeredByTheAgent), "the bus did not start the agent: \(token.stderr)")
    let agent = try await Self.agentProcess(on: bus)
    try await Poll.until("the idle agent to leave the bus") { try await Self.agentProcess(on: bus) == nil }
    if let agent { try await Poll.until("the idle agent to end") { kill(agent, 0) != 0 } }
  }
}
