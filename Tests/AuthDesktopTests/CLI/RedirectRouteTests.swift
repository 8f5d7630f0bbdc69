import AuthDesktopApp
import AuthEngine
import Foundation
import TestSupport
import Testing

/// The redirect's route from the browser to a `sign-in` whose store is not the one `auth-desktop URI`
/// opens (started with `--data-dir`, or with `--config` naming a `[firebase]` project): `install` into
/// a private desktop, then `xdg-open` as the browser runs it, which starts `auth-desktop URI` with no
/// options — it asks the processes on the session bus (`RedirectRoutes`) and forwards the URI to the one
/// that waits. And a redirect that reaches nobody is said in a desktop notification. Needs the test
/// session bus and display (scripts/test).
@Suite struct RedirectRouteTests {
  enum Store: String, CustomTestStringConvertible, Sendable {
    /// `--data-dir` elsewhere than the desktop's handler looks.
    case dataDir
    /// `--config` with a `[firebase]` table: the accounts in a project, the session in `DATA/firebase-ID`.
    case firebaseConfig
    var testDescription: String { rawValue }
  }

  @Test(arguments: [Store.dataDir, .firebaseConfig])
  func theRedirectReachesASignInWithAStoreOfItsOwn(store: Store) async throws {
    let environment = ProcessInfo.processInfo.environment
    try #require(environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false, "needs a session bus: run scripts/test")
    let (github, base) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect)
    let cli = try CLIRunner(configuration: github)
    let xdg = PrivateDesktop(root: cli.root)
    #expect(try await cli.run(["install"], environment: xdg.environment).status == 0)

    var options: [String]
    var project: IdentityToolkitTestProject?
    switch store {
    case .dataDir:
      options = ["--data-dir", cli.root.appendingPathComponent("other data").path]
    case .firebaseConfig:
      let made = try await IdentityToolkitTestProject.create(providers: [
        "github.com": ["client_id": "any", "base_url": base.absoluteString]
      ])
      let config = cli.root.appendingPathComponent("firebase.toml")
      try ("[app]\nsecret_store = \"file\"\n" + github + "\n" + made.configuration).write(
        to: config, atomically: true, encoding: .utf8)
      options = ["--config", config.path]
      project = made
    }
    let waiting = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"] + options)
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(try await waiting.firstLine()))
    // The browser's part: its environment is the desktop's (the runner's config and data dir, no options).
    let opened = try await Tool.run(
      "env",
      ["BROWSER=/bin/false", "XDG_CURRENT_DESKTOP=GNOME", "xdg-open", redirect.absoluteString],
      environment: xdg.environment.merging(cli.environment) { $1 })
    #expect(opened.status == 0, "\(opened.output)")
    let finished = try await waiting.finish()
    #expect(finished.status == 0, "\(finished.stderr)")
    let result = try #require(finished.lastLineJSON)
    #expect((result["user"] as? [String: Any])?["email"] as? String == "octocat@example.com")
    // Signed in where it was started, and not in the handler's store.
    let status = try await cli.run(["status", "--json"] + options)
    #expect(status.json["signedIn"] as? Bool == true)
    #expect(try await cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
    if let project { #expect(try await project.accounts().count == 1) }
  }

  /// `sign-in --no-wait` with a data dir of its own: nothing waits to be asked, so it says how to complete
  /// it, and that way works.
  @Test func noWaitWithAStoreOfItsOwnSaysHowToCompleteIt() async throws {
    let cli = try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
    let other = cli.root.appendingPathComponent("other data")
    let started = try await cli.run(
      ["sign-in", "github.com", "--no-wait", "--no-browser", "--json", "--data-dir", other.path])
    #expect(started.status == 0, "\(started.stderr)")
    #expect(started.stderr.contains("“auth-desktop --data-dir '\(other.path)' URI”"), "\(started.stderr)")
    let url = try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first)
    let redirect = try await Browser.follow(url).absoluteString
    let completed = try await cli.run(["--data-dir", other.path, redirect, "--json"])
    #expect(completed.status == 0, "\(completed.stderr)")
    #expect(completed.json["isNewUser"] as? Bool == true)
    // With the environment's configuration and data dir, nothing to say.
    let plain = try await cli.run(["sign-in", "github.com", "--no-wait", "--no-browser", "--json"])
    #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderr)")
  }

  /// What the desktop's handler does with a redirect nobody waits for: its stderr is read by nobody,
  /// so the reason is also a desktop notification, here to a server of the test's own on a bus of its own.
  @Test func aRedirectNobodyWaitsForIsADesktopNotification() async throws {
    let cli = try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
    let bus = try await PrivateSessionBus.start(environment: [:])
    defer { bus.stop() }
    let record = cli.root.appendingPathComponent("notifications.jsonl")
    let server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    server.arguments = [
      TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/notification_server.py").path, record.path,
    ]
    server.environment = ProcessInfo.processInfo.environment.merging(bus.clientEnvironment) { $1 }
    let ready = Pipe()
    server.standardOutput = ready
    try server.run()
    defer { kill(server.processIdentifier, SIGKILL) }
    #expect(try await offThePool { ready.fileHandleForReading.readFirstLine() } == Data("ready\n".utf8))

    let stray = "\(GitHubTestClient.schemeRedirect)?code=stolen&state=\(String(repeating: "a", count: 43))"
    // A program asking (`--json`) gets the error and no notification.
    let asked = try await cli.run([stray, "--json"], environment: bus.clientEnvironment)
    #expect((asked.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
    #expect(!FileManager.default.fileExists(atPath: record.path))

    let handled = try await cli.run([stray], environment: bus.clientEnvironment)
    #expect(handled.status == 1)
    let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 1)
    let shown = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    let wording = UserFacingError(AuthError(.noPendingAuthorization, origin: .redirect), for: .window)
    #expect(shown["summary"] as? String == wording.title)
    // Escaped for a server that reads markup (this one says it does), as g_markup_escape_text does.
    let escaped = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&#39;"), ("\"", "&quot;")].reduce(
      wording.body
    ) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    #expect(shown["body"] as? String == escaped)
    #expect(shown["desktop_entry"] as? String == AppIdentity.tests.applicationID)
    #expect(shown["app_name"] as? String == "AuthDesktop")
  }
}
