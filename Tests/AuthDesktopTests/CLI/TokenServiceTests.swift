import Foundation
import TestSupport
import Testing

/// One owner of tokens (docs/architecture.md, "One owner of tokens"): once `install` has written the
/// session-bus service's file, the bus starts the window's process for `auth-desktop token` and
/// `id-token`, which answers AuthDesktop's own command line without a grant, as the command would;
/// without a bus, a display or the service, or when the service is wedged, the command does the work
/// itself. Each test has a bus of its own whose services are looked for in the test's data home.
@Suite struct TokenServiceTests {
  static let answered = "answered by the session-bus service"
  static let busName = "dev.authdesktop.AuthDesktop.Accounts"

  static func desktop(_ cli: CLIRunner) -> [String: String] {
    [
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path, "AUTH_DESKTOP_DEBUG": "1",
      // Without a config.toml the window's process runs on the emulator: on a port of its own, not the
      // default one other tests' processes take meanwhile (a start that found it taken, or half-started,
      // opened on the error page, with no store to answer from).
      "AUTH_DESKTOP_EMULATOR_PORT": String(FreePort.next()),
    ]
  }

  /// The process id of the service on `bus`, or nil when nothing owns its name.
  static func serviceProcess(on bus: PrivateSessionBus) async throws -> Int32? {
    let answer = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", busName,
      ], environment: bus.clientEnvironment)
    guard answer.status == 0 else { return nil }
    return answer.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }.last
  }

  /// The `sub` claim of a JWT (not checked: the tests compare whose tokens they are).
  static func subject(_ jwt: String) -> String? {
    let parts = jwt.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
    guard parts.count == 3 else { return nil }
    var payload = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
    guard let data = Data(base64Encoded: payload),
      let claims = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return claims["sub"] as? String
  }

  /// A runner signed in with GitHub (the Authlib server), custom-scheme redirect completed in its own process.
  static func signedIn(options: [String: Any] = [:]) async throws -> (CLIRunner, URL, String) {
    let (configuration, base) = try await GitHubTestClient.configuration(
      redirect: GitHubTestClient.schemeRedirect, options: options)
    let cli = try CLIRunner(configuration: configuration)
    let started = try await cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first))
    #expect(try await cli.run([redirect.absoluteString, "--json"]).status == 0)
    let clientID = String(try #require(configuration.firstMatch(of: /client_id = "([^"]+)"/)?.1))
    return (cli, base, clientID)
  }

  /// `install`, a bus of the test's own, and the service running: the first `id-token` finds it not
  /// running, does the work itself and has the bus start it (without waiting for it); a later call is
  /// answered by it. The local store's ID token asks no provider, so no provider token is refreshed yet.
  static func serving(_ cli: CLIRunner) async throws -> PrivateSessionBus {
    #expect(try await cli.run(["install"], environment: desktop(cli)).status == 0)
    let bus = try await PrivateSessionBus.start(environment: desktop(cli))
    let first = try await cli.run(["id-token"], environment: bus.clientEnvironment)
    #expect(first.status == 0 && !first.stderr.contains(answered), "\(first.stderr)")
    try await Poll.until("the bus to start the service", within: .seconds(90)) {
      try await serviceProcess(on: bus) != nil
    }
    try await Poll.until("the service to answer id-token", within: .seconds(90)) {
      try await cli.run(["id-token"], environment: bus.clientEnvironment).stderr.contains(answered)
    }
    return bus
  }

  @Test func theServiceAnswersAsTheCommandWouldAndRefusesAnyOtherCaller() async throws {
    let (cli, _, _) = try await Self.signedIn()
    let direct = try await cli.run(["token", "github.com", "--json"], environment: Self.desktop(cli))
    #expect(direct.status == 0, "\(direct.stderr)")
    #expect(!direct.stderr.contains(Self.answered), "asked a service that is not installed")
    let directID = try await cli.run(["id-token"], environment: Self.desktop(cli))

    // `install` removes the service file of the token agent an older version installed.
    let services = cli.root.appendingPathComponent("xdg-data/dbus-1/services")
    let agent = services.appendingPathComponent("dev.authdesktop.AuthDesktop.Agent.service")
    try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
    try Data("[D-BUS Service]\nName=dev.authdesktop.AuthDesktop.Agent\nExec=/bin/false\n".utf8).write(to: agent)
    let bus = try await Self.serving(cli)
    defer { bus.stop() }
    #expect(!FileManager.default.fileExists(atPath: agent.path))
    let token = try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment)
    #expect(token.stderr.contains(Self.answered), "\(token.stderr)")
    #expect(token.stdout == direct.stdout)
    let git = try await cli.run(
      ["git-credential", "get"], stdin: "protocol=https\nhost=github.com\n\n", environment: bus.clientEnvironment)
    #expect(git.stderr.contains("git-credential: " + Self.answered), "\(git.stderr)")
    #expect(git.stdout.contains("password=\(direct.json["accessToken"] as? String ?? "-")\n"), "\(git.stdout)")
    #expect(git.stdout.hasPrefix("username=octocat\n"), "the account's login, from the service: \(git.stdout)")
    // A login in git's URL chooses the account through the service too; one nobody has gets no answer.
    for (login, answers) in [("OctoCat", true), ("nobody", false)] {
      let named = try await cli.run(
        ["git-credential", "get"], stdin: "protocol=https\nhost=github.com\nusername=\(login)\n\n",
        environment: bus.clientEnvironment)
      #expect(named.status == 0 && named.stdout.hasPrefix("username=\(login)\npassword=") == answers, "\(named.stdout)")
      #expect(named.stderr.contains("git-credential: " + Self.answered) == answers, "\(named.stderr)")
    }
    // The local store's ID token is minted by the process that keeps it: the service's is the same
    // account's, and the same token from one call to the next.
    let idToken = try await cli.run(["id-token"], environment: bus.clientEnvironment)
    #expect(idToken.stderr.contains("id-token: " + Self.answered), "\(idToken.stderr)")
    #expect(Self.subject(idToken.stdout) == Self.subject(directID.stdout) && Self.subject(directID.stdout) != nil)
    #expect(try await cli.run(["id-token"], environment: bus.clientEnvironment).stdout == idToken.stdout)

    // Another program asking for the same with the same options (naming the signed-in account: its uid is
    // the ID token's subject) is not AuthDesktop's command line: it is answered by its grants on the
    // window's accounts, where it holds none (NotGranted), and where that account may not be (NoSuchAccount).
    let forged = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--dest", Self.busName, "--object-path", "/dev/authdesktop/AuthDesktop/Accounts",
        "--method", "dev.authdesktop.AuthDesktop.Accounts1.GetAccessToken", try #require(Self.subject(directID.stdout)),
        "{'own_command': <true>, 'provider': <'github.com'>, 'config': <'\(cli.configFile.path)'>, "
          + "'data_dir': <'\(cli.dataDirectory.path)'>}",
      ], environment: bus.clientEnvironment)
    #expect(forged.status != 0)
    #expect(
      ["NotGranted", "NoSuchAccount"].contains { forged.output.contains("dev.authdesktop.AuthDesktop.Error.\($0)") },
      "\(forged.output)\nthe service's log:\n\(bus.log)")
    #expect(!forged.output.contains(direct.json["accessToken"] as? String ?? "-"))

    // Another process signs out: the service has no answer, and the command's own error is printed.
    #expect(try await cli.run(["sign-out"], environment: bus.clientEnvironment).status == 0)
    let after = try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment)
    #expect((after.json["error"] as? [String: Any])?["code"] as? String == "auth/no-current-user")
    #expect(!after.stderr.contains(Self.answered))

    let service = try #require(try await Self.serviceProcess(on: bus))
    bus.stop()
    try await Poll.until("the service to end with its bus") { kill(service, 0) != 0 }
  }

  /// git's `erase` is done by the command itself, which marks the token in the keyring. The service
  /// answered that token before; at the next `get` it reads the changed credential and refreshes it,
  /// never answering the refused token again (`CredentialCache`, docs/accounts.md).
  @Test func aTokenGitRefusedIsRefreshedByTheService() async throws {
    let (cli, _, _) = try await Self.signedIn(options: ["issue_refresh_token": true])
    let bus = try await Self.serving(cli)
    defer { bus.stop() }
    func get() async throws -> (password: String?, answered: Bool) {
      let got = try await cli.run(
        ["git-credential", "get"], stdin: "protocol=https\nhost=github.com\n\n", environment: bus.clientEnvironment)
      let password = got.stdout.firstMatch(of: /password=([^\n]+)\n/).map { String($0.1) }
      return (password, got.stderr.contains("git-credential: " + Self.answered))
    }
    let first = try await get()
    let refused = try #require(first.password)
    let again = try await get()
    #expect(first.answered && again.password == refused, "the service answers the same token while it is unchanged")
    let erased = try await cli.run(
      ["git-credential", "erase"], stdin: "protocol=https\nhost=github.com\nusername=octocat\npassword=\(refused)\n\n",
      environment: bus.clientEnvironment)
    #expect(erased.status == 0, "\(erased.stderr)")
    let second = try await get()
    #expect(second.answered, "the service answers after the erase")
    #expect(second.password != nil && second.password != refused, "the refused token again")
  }

  /// Without a session bus, or with one but no display (an SSH login: the window's process cannot
  /// start), the service is not asked and nothing is started: the command does the work itself.
  @Test func withoutABusOrADisplayTheCommandDoesTheWorkItself() async throws {
    let (cli, _, _) = try await Self.signedIn()
    #expect(try await cli.run(["install"], environment: Self.desktop(cli)).status == 0)
    let noBus = Self.desktop(cli).merging([
      "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": cli.root.appendingPathComponent("no-runtime").path,
    ]) { $1 }
    let alone = try await cli.run(["token", "github.com"], environment: noBus)
    #expect(alone.status == 0 && !alone.stdout.isEmpty, "\(alone.stderr)")
    #expect(!alone.stderr.contains(Self.answered))

    let bus = try await PrivateSessionBus.start(environment: Self.desktop(cli))
    defer { bus.stop() }
    let ssh = bus.clientEnvironment.merging(["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { $1 }
    let overSSH = try await cli.run(["token", "github.com"], environment: ssh)
    #expect(overSSH.stdout == alone.stdout, "\(overSSH.stderr)")
    #expect(!overSSH.stderr.contains(Self.answered))
    #expect(try await Self.serviceProcess(on: bus) == nil, "the bus was asked to start the service")
  }

  /// A service that does not answer (stopped) or cannot start: the command waits a bounded time and
  /// answers itself.
  @Test func aWedgedOrAbsentServiceStillGetsAnAnswer() async throws {
    let (cli, _, _) = try await Self.signedIn()
    let bus = try await Self.serving(cli)
    defer { bus.stop() }
    let served = try await cli.run(["token", "github.com"], environment: bus.clientEnvironment)
    let service = try #require(try await Self.serviceProcess(on: bus))
    kill(service, SIGSTOP)
    let wedged = try await cli.run(["token", "github.com"], environment: bus.clientEnvironment)
    kill(service, SIGCONT)
    #expect(wedged.status == 0, "\(wedged.stderr)")
    #expect(wedged.stdout == served.stdout)
    #expect(!wedged.stderr.contains(Self.answered))

    kill(service, SIGKILL)
    try await Poll.until("the killed service to leave the bus") { try await Self.serviceProcess(on: bus) == nil }
    let file = cli.root.appendingPathComponent("xdg-data/dbus-1/services/\(Self.busName).service")
    try Data("[D-BUS Service]\nName=\(Self.busName)\nExec=/bin/false\n".utf8).write(to: file)
    _ = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
        "--method", "org.freedesktop.DBus.ReloadConfig",
      ], environment: bus.clientEnvironment)
    let absent = try await cli.run(["token", "github.com"], environment: bus.clientEnvironment)
    #expect(absent.status == 0, "\(absent.stderr)")
    #expect(absent.stdout == served.stdout)
  }

  /// Two `token` commands at once on a due token of a provider that rotates refresh tokens and revokes
  /// the grant when a rotated-away one comes again (RFC 9700 §4.14.2): the service answers both, and one
  /// refresh request reaches the server. (`CLIRefreshTests` is the same without the service.)
  @Test func twoCommandsAtOnceThroughTheServiceRefreshOnce() async throws {
    let (cli, base, clientID) = try await Self.signedIn(options: [
      "issue_refresh_token": true, "expires_in": 3, "refresh_expires_in": 3600, "reuse_detection": true,
    ])
    // The sign-in's access token lives 3 s: it is due at once (a token is refreshed 5 minutes early).
    let bus = try await Self.serving(cli)
    defer { bus.stop() }
    let results = try await withThrowingTaskGroup(of: CLIRunner.Result.self) { group in
      for _ in 0..<2 {
        group.addTask { try await cli.run(["token", "github.com"], environment: bus.clientEnvironment) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.allSatisfy { $0.status == 0 && $0.stderr.contains(Self.answered) }, "\(results.map(\.stderr))")
    #expect(Set(results.map(\.stdout)).count == 1)
    let log = try await Control.get(base.appendingPathComponent("_test/clients/\(clientID)/log"))
    let requests = (log as? [String: Any])?["requests"] as? [[String: Any]] ?? []
    #expect(requests.filter { $0["grant_type"] as? String == "refresh_token" }.count == 1)
  }

  /// Any argument the parser takes gets the command's own error (1: no one is signed in; 64: an extra
  /// argument), with or without the service.
  @Test(arguments: [
    (["token", "", "--json"], 1), (["token", "=", "--json"], 1), (["token", "github.com", "", "--json"], 64),
  ])
  func oddArgumentsGetTheCommandsOwnError(_ arguments: [String], status: Int) async throws {
    let cli = try CLIRunner()
    let result = try await cli.run(arguments, environment: Self.desktop(cli))
    #expect(Int(result.status) == status, "\(result.stderr)")
  }
}
