import AuthEngine
import Foundation
import TestSupport
import Testing

/// The custom-scheme handoff on every desktop: `auth-desktop install` into a private desktop, a waiting
/// `sign-in`, and the redirect opened with `xdg-open` the way the browser does — through GIO (a
/// recognised desktop: xdg-open runs `gio open`) and through xdg-utils' own reader of the desktop entry
/// (no desktop recognised, as on i3, sway or a bare window manager: it splits `Exec` on spaces and runs
/// it in the foreground), each from the build directory and from a copy installed under a path with a
/// space. Needs the test session bus and display (scripts/test).
@Suite struct SchemeHandoffTests {
  enum Desktop: String, CustomTestStringConvertible, Sendable {
    /// `XDG_CURRENT_DESKTOP=GNOME`: xdg-open delegates to `gio open`.
    case gnome
    /// Nothing xdg-open recognises: its generic handler.
    case windowManagerOnly
    var testDescription: String { rawValue }
  }

  /// What xdg-open's desktop detection reads (xdg-utils 1.1.3 `detectDE`).
  static let desktopVariables = [
    "XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "KDE_FULL_SESSION", "GNOME_DESKTOP_SESSION_ID",
    "MATE_DESKTOP_SESSION_ID", "LXQT_SESSION_CONFIG", "DESKTOP",
  ]

  @Test(arguments: [Desktop.gnome, .windowManagerOnly], [nil, "Portable Apps/AuthDesktop 0.2"])
  func theRedirectReachesTheWaitingSignIn(desktop: Desktop, installFolder: String?) async throws {
    let environment = ProcessInfo.processInfo.environment
    try #require(environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false, "needs a session bus: run scripts/test")
    try #require(environment["DISPLAY"]?.isEmpty == false, "needs a display: run scripts/test")
    let base = try CLIRunner(
      configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
    let cli = try installFolder.map { try base.installedCopy(in: $0) } ?? base
    let xdg = PrivateDesktop(root: cli.root)
    let installed = try await cli.run(["install"], environment: xdg.environment)
    #expect(installed.status == 0, "\(installed.stderr)")

    let entry = cli.root.appendingPathComponent("xdg-data/applications/\(AppIdentity.tests.desktopID)")
    let validation = try await Tool.run("desktop-file-validate", [entry.path])
    #expect(validation.status == 0, "\(validation.output)")
    let exec = try #require(
      try String(contentsOf: entry, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix("Exec=") })
    let program = String(exec.dropFirst("Exec=".count).split(separator: " ")[0])
    // No quotes, no space: every reader of the entry finds the same program, and it is this copy.
    #expect(!program.contains("\""))
    #expect(URL(fileURLWithPath: program).resolvingSymlinksInPath().path == cli.executable.path)
    #expect(exec.hasSuffix(" %u"))

    let waiting = try base.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let redirect = try await Browser.follow(try CLIRunner.authorizationURL(try await waiting.firstLine()))
    // No browser of the machine's may get the URI if the handoff fails: xdg-open's last resort is $BROWSER.
    var opener = ["BROWSER=/bin/false"]
    opener += xdg.environment.merging(cli.environment) { $1 }.map { "\($0.key)=\($0.value)" }
    switch desktop {
    case .gnome: opener.append("XDG_CURRENT_DESKTOP=GNOME")
    case .windowManagerOnly: opener = Self.desktopVariables.flatMap { ["-u", $0] } + opener
    }
    let opened = try await Tool.run("env", opener + ["xdg-open", redirect.absoluteString])
    #expect(opened.status == 0, "\(opened.output)")
    let finished = try await waiting.finish()
    #expect(finished.status == 0, "\(finished.stderr)")
    let result = try #require(finished.lastLineJSON)
    #expect((result["user"] as? [String: Any])?["email"] as? String == "octocat@example.com")
  }
}
