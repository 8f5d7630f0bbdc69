import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation
import TestSupport
import Testing

extension SessionBusSuites {
  /// The whole desktop path with a real protocol server: `auth-desktop install` into a private XDG dir,
  /// the window running, a sign-in started from the CLI, the browser's part played against the Authlib
  /// server, the redirect opened with `xdg-open` → the .desktop file → a second `auth-desktop` that
  /// forwards the URI over D-Bus → the running window completes the sign-in.
  @Suite(.serialized) struct HandoffTests {
    @Test func customSchemeRedirectReachesTheRunningWindowThroughXdgOpen() async throws {
      let environment = ProcessInfo.processInfo.environment
      try #require(environment["DISPLAY"]?.isEmpty == false, "needs DISPLAY and a session bus: run scripts/test")
      try #require(environment["DBUS_SESSION_BUS_ADDRESS"]?.isEmpty == false, "needs a session bus: run scripts/test")
      let cli = try CLIRunner(
        configuration: try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect).0)
      let xdg = [
        "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
        "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path,
      ]
      #expect(try cli.run(["install"], environment: xdg).status == 0)
      let window = try cli.start([], environment: xdg)
      defer { if window.process.isRunning { kill(window.process.processIdentifier, SIGKILL) } }
      try await Poll.until("the window's D-Bus name") { Tool.sessionBusNameHasOwner(AppSettings.appID) }

      let started = try cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
      let url = try CLIRunner.authorizationURL(started.stdout.split(separator: "\n").first)
      let location = try await Browser.follow(url)
      let opened = try Tool.run(
        "xdg-open", [location.absoluteString], environment: xdg.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 })
      #expect(opened.status == 0, "\(opened.output)")
      try await Poll.until("the window to complete the sign-in") {
        (try? cli.run(["status", "--json"]).json["signedIn"] as? Bool) == true
      }
      let user = try #require(try cli.run(["status", "--json"]).json["user"] as? [String: Any])
      #expect(user["email"] as? String == "octocat@example.com")
      #expect(window.process.isRunning, "the window should still be running")
      // The second process forwarded the URI and exited; it did not become a window of its own.
      try await Poll.until("the forwarding process to exit") {
        (try? Tool.run("pgrep", ["-f", "auth-desktop \(AppSettings.defaultRedirectScheme):"]))?
          .status
          == 1
      }
      // Give the bus name back before the next suite's window starts.
      kill(window.process.processIdentifier, SIGKILL)  // (SIGTERM was seen to leave it running)
      try await Poll.until("the window to exit") { !window.process.isRunning }
      try await Poll.until("the window's D-Bus name to be released") { !Tool.sessionBusNameHasOwner(AppSettings.appID) }
    }
  }
}
