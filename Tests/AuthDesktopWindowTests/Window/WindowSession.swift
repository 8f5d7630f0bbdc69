import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// A window of the built `auth-desktop` on a private desktop: its own config and data dir
/// (`CLIRunner`), XDG dirs where `Tests/Tools/fake_browser.py` is the default web browser and
/// (optionally) `auth-desktop install` registered the app's URL scheme, the Authlib GitHub-like
/// server as the provider, and AT-SPI to read and click the window.
struct WindowSession {
  enum Browser: String {
    /// Records the URL only.
    case record
    /// Approves: fetches the authorization URL and follows the redirect (loopback or `xdg-open`).
    case play
    /// At the provider emulator's consent page: chooses the first identity, then follows the redirect.
    case consent
    /// At the provider emulator's consent page: "Deny access", then follows the redirect.
    case deny
    /// None: nothing opens http(s) links (no system data dirs either), so launching one fails.
    case missing
  }

  /// What the signed-in page shows of the Authlib server's octocat.
  static let signedInEmail = AccessibleWindow.Node(role: "label", name: "octocat@example.com")
  static let unlinkGitHub = AccessibleWindow.Node(role: "push button", name: WindowText.unlinkAccessible("GitHub"))

  static let browserScript = AccessibleWindow.tool.deletingLastPathComponent().appendingPathComponent("fake_browser.py")

  let cli: CLIRunner
  let xdg: [String: String]
  let browserLog: URL
  let window: CLIRunner.Running
  var accessible: AccessibleWindow { AccessibleWindow(pid: window.process.processIdentifier) }

  /// Starts the window once the app's D-Bus name is free, and waits until AT-SPI sees it.
  /// `emulator`: the built-in providers on an in-process emulator (`auth-desktop --emulator`) instead of
  /// the Authlib server. `configuration`: this config file instead (after `[app] secret_store`).
  /// `arguments`: the window's own (`--data-dir`, `--config`), which the desktop's handler does not get.
  init(
    loopback: Bool = false, emulator: Bool = false, configuration: String? = nil, browser: Browser,
    install: Bool = true, schemeHandler: String? = nil, environment extra: [String: String] = [:],
    github options: [String: Any] = [:], arguments: [String] = []
  ) async throws {
    let env = ProcessInfo.processInfo.environment
    try #require(env["DISPLAY"]?.isEmpty == false, "needs DISPLAY and a session bus: run scripts/test")
    try #require(env["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false, "needs a session bus: run scripts/test")
    if let configuration {
      cli = try CLIRunner(configuration: configuration)
    } else {
      cli = emulator ? try CLIRunner() : try await Self.authlibClient(loopback: loopback, options: options)
    }
    var extra = extra
    if browser == .missing { extra["XDG_DATA_DIRS"] = try Self.systemDataWithoutApplications(under: cli.root).path }
    if emulator && extra[EmulatorMode.portVariable] == nil {
      extra[EmulatorMode.portVariable] = String(FreePort.next())
    }
    let desktop = PrivateDesktop(root: cli.root)
    xdg = desktop.environment
    browserLog = cli.root.appendingPathComponent("browser.log")
    // A browser whose program does not exist is no browser: GIO skips its entry.
    try desktop.register(
      browser: browser == .missing
        ? "/nonexistent/authdesktop-test-browser %u" : "/usr/bin/python3 \(Self.browserScript.path) %u",
      schemeHandler: schemeHandler,
      scheme: AppIdentity.tests.redirectScheme)
    if install { #expect(try await cli.run(["install"], environment: xdg).status == 0) }
    try await Poll.until("the app's D-Bus name to be free") {
      await !Tool.sessionBusNameHasOwner(AppIdentity.tests.applicationID)
    }
    window = try await Self.startWindow(
      cli, (emulator ? ["--emulator"] : []) + arguments,
      environment: xdg.merging(extra) { $1 }.merging([
        "AUTH_DESKTOP_TEST_BROWSER_MODE": browser.rawValue, "AUTH_DESKTOP_TEST_BROWSER_LOG": browserLog.path,
        "XDG_CURRENT_DESKTOP": "GNOME",
      ]) { $1 })
  }

  struct WindowExited: Error {
    let status: Int32
  }

  /// Starts the window and waits until AT-SPI sees its frame. About once in forty starts under the
  /// tests' Xvfb, GTK's connection to the display was refused ("cannot open display", the window exits
  /// with status 1; the cause in Xvfb was not found): such a start is tried once more. Any other exit,
  /// a second refusal, or a window that never shows fails the test.
  static func startWindow(_ cli: CLIRunner, _ arguments: [String], environment: [String: String]) async throws
    -> CLIRunner.Running
  {
    for attempt in 1...2 {
      let window = try cli.start(arguments, environment: environment)
      let accessible = AccessibleWindow(pid: window.process.processIdentifier)
      do {
        try await Poll.until("the window's frame, or its exit") {
          if !window.process.isRunning { return true }
          return await accessible.shows("frame", "AuthDesktop")
        }
      } catch {
        kill(window.process.processIdentifier, SIGKILL)
        throw error
      }
      if window.process.isRunning { return window }
      let errors = String(decoding: window.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      if attempt == 1 && errors.contains("cannot open display") {
        FileHandle.standardError.write(Data("WindowSession: the display refused the window; starting it again\n".utf8))
        continue
      }
      Issue.record("the window exited (status \(window.process.terminationStatus)): \(errors.suffix(2000))")
      throw WindowExited(status: window.process.terminationStatus)
    }
    throw WindowExited(status: 1)
  }

  /// A data dir with the system's GSettings schemas, MIME database and icons but none of its
  /// applications (`/usr/share/applications`), so no installed browser answers http links.
  static func systemDataWithoutApplications(under root: URL) throws -> URL {
    let directory = root.appendingPathComponent("system-data")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for name in ["glib-2.0", "mime", "icons", "themes", "fonts"] {
      try FileManager.default.createSymbolicLink(
        at: directory.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: "/usr/share/\(name)"))
    }
    return directory
  }

  /// A config for a new client of the Authlib GitHub-like server.
  static func authlibClient(loopback: Bool, options: [String: Any] = [:]) async throws -> CLIRunner {
    let redirect =
      loopback
      ? "http://127.0.0.1/oauth2redirect/github.com" : GitHubTestClient.schemeRedirect
    return try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: redirect, options: options).0)
  }

  /// Saves the screen (the window on Xvfb's black root, trimmed) as `NAME.png` in
  /// `$AUTH_DESKTOP_SCREENSHOT_DIR` (CI output), with ImageMagick's `import`.
  func screenshot(_ name: String) async throws {
    guard let directory = ProcessInfo.processInfo.environment["AUTH_DESKTOP_SCREENSHOT_DIR"] else { return }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let saved = try await Tool.run(
      "import", ["-window", "root", "-trim", "+repage", "\(directory)/\(name).png"])
    #expect(saved.status == 0, "import: \(saved.output)")
  }

  /// What the browser was asked to open.
  func openedURLs() -> [URL] {
    let text = (try? String(contentsOf: browserLog, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { $0.hasPrefix("open ") ? URL(string: String($0.dropFirst(5))) : nil }
  }

  func browserTranscript() -> String { (try? String(contentsOf: browserLog, encoding: .utf8)) ?? "(nothing)" }

  /// Runs `body` with a new session and closes it afterwards, also when `body` throws.
  static func with(
    loopback: Bool = false, emulator: Bool = false, configuration: String? = nil, browser: Browser,
    install: Bool = true, schemeHandler: String? = nil, environment: [String: String] = [:],
    github options: [String: Any] = [:], arguments: [String] = [], _ body: (WindowSession) async throws -> Void
  ) async throws {
    let session = try await WindowSession(
      loopback: loopback, emulator: emulator, configuration: configuration, browser: browser, install: install,
      schemeHandler: schemeHandler, environment: environment, github: options, arguments: arguments)
    do {
      try await body(session)
    } catch {
      try await session.close()
      throw error
    }
    try await session.close()
  }

  /// Kills the window (SIGTERM was seen to leave it running) and waits until its bus name is free.
  func close() async throws {
    kill(window.process.processIdentifier, SIGKILL)
    try await Poll.until("the window to exit") { !window.process.isRunning }
    try await Poll.until("the window's D-Bus name to be released") {
      await !Tool.sessionBusNameHasOwner(AppIdentity.tests.applicationID)
    }
  }
}
