import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The whole desktop path with a real protocol server: `auth-desktop install` into a private XDG dir,
  /// a sign-in started in the window, the browser's part played against the Authlib server, the
  /// redirect opened with `xdg-open` → the .desktop file → a second `auth-desktop` that forwards the URI
  /// over D-Bus and exits → the running window completes the sign-in.
  @Suite(.serialized) struct HandoffTests {
    @Test func customSchemeRedirectReachesTheRunningWindowThroughXdgOpen() async throws {
      try await WindowSession.with(loopback: false, browser: .record) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        let authorization = try await Poll.value("the browser to open") { session.openedURLs().first }
        let location = try await Browser.follow(authorization)
        let opened = try await Tool.run(
          "xdg-open", [location.absoluteString],
          environment: session.xdg.merging(session.cli.environment) { $1 }.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) {
            $1
          })
        #expect(opened.status == 0, "\(opened.output)")
        try await session.accessible.waitUntil("the signed-in page") {
          $0.contains(WindowSession.signedInEmail) && $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == true)
        #expect(session.window.process.isRunning, "the window should still be running")
        // The second process forwarded the URI and exited; it did not become a window of its own.
        try await Poll.until("the forwarding process to exit") {
          (try? await Tool.run("pgrep", ["-f", "auth-desktop \(AppIdentity.tests.redirectScheme):"]))?.status == 1
        }
      }
    }

    /// A window started with a store of its own (`--data-dir`, or `--config` with a `[firebase]` table):
    /// the browser's `xdg-open` starts `auth-desktop URI` with neither, which finds the window on the
    /// session bus (`RedirectRoutes`) and forwards the URI to it.
    @Test(arguments: ["--data-dir", "--config"])
    func customSchemeRedirectReachesAWindowWithAStoreOfItsOwn(option: String) async throws {
      let (github, base) = try await GitHubTestClient.configuration(redirect: GitHubTestClient.schemeRedirect)
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("auth-route-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      var project: IdentityToolkitTestProject?
      var arguments = [option, folder.path]
      if option == "--config" {
        let made = try await IdentityToolkitTestProject.create(providers: [
          "github.com": ["client_id": "any", "base_url": base.absoluteString]
        ])
        let config = folder.appendingPathComponent("firebase.toml")
        try ("[app]\nsecret_store = \"file\"\n" + github + "\n" + made.configuration).write(
          to: config, atomically: true, encoding: .utf8)
        arguments = [option, config.path]
        project = made
      }
      try await WindowSession.with(configuration: github, browser: .play, arguments: arguments) { session in
        try await session.accessible.activate(WindowText.continueWith("GitHub"))
        try await session.accessible.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(WindowSession.unlinkGitHub)
        }
        #expect(session.browserTranscript().contains("xdg-open done"))
        #expect(try await session.cli.run(["status", "--json"] + arguments).json["signedIn"] as? Bool == true)
        #expect(try await session.cli.run(["status", "--json"]).json["signedIn"] as? Bool == false)
      }
      if let project { #expect(try await project.accounts().count == 1) }
    }
  }
}
