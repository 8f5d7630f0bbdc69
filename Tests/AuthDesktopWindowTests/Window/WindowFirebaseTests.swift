import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The real window with a `[firebase]` table, over AT-SPI: the same pages as with the local store,
  /// the project named on the signed-in page, and a conflict resolved from the window.
  @Suite(.serialized) struct WindowFirebaseTests {
    /// GitHub (octocat) and an OIDC tenant whose user has the same email, both with loopback redirects,
    /// and a project on the Identity Toolkit test server that knows both.
    static func configuration() async throws -> (String, IdentityToolkitTestProject) {
      let loopback = "http://127.0.0.1/oauth2redirect/"
      let (github, base) = try await GitHubTestClient.configuration(redirect: loopback + "github.com")
      let oidcServer = try await TestServers.shared.start().oidc
      let tenant = try await Control.post(
        oidcServer.appendingPathComponent("_test/tenants"),
        [
          "redirect_uris": [loopback + "oidc.corp"],
          "user": ["sub": "corp-7", "email": "octocat@example.com", "email_verified": true, "name": "Mona at Corp"],
        ])
      let issuer = try #require(tenant["issuer"] as? String)
      let clientID = try #require(tenant["client_id"] as? String)
      let project = try await IdentityToolkitTestProject.create(providers: [
        "github.com": ["client_id": "any", "base_url": base.absoluteString],
        "oidc.corp": ["issuer": issuer, "client_id": clientID],
      ])
      let oidc = """
        [providers."oidc.corp"]
        issuer = "\(issuer)"
        client_id = "\(clientID)"
        client_secret = "\(tenant["client_secret"] as? String ?? "")"
        redirect_uri = "http://127.0.0.1/oauth2redirect/oidc.corp"
        redirect = "loopback"

        """
      return (github + "\n" + oidc + project.configuration, project)
    }

    @Test func signInShowsTheProjectAndAConflictIsLinkedFromTheWindow() async throws {
      let (configuration, project) = try await Self.configuration()
      try await WindowSession.with(configuration: configuration, browser: .play) { session in
        let window = session.accessible
        try await window.activate(WindowText.continueWith("GitHub"))
        try await window.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(.init(role: "label", name: WindowText.firebaseProjectTitle))
            && $0.contains(.init(role: "label", name: project.id))
            && $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
        }
        let localId = try #require(try await project.accounts().first?["localId"] as? String)
        #expect(await window.shows("label", localId), "the window shows another uid than Firebase's")
        try await window.activate(WindowText.signOut)
        try await window.waitFor("label", WindowText.signInTitle)

        try await window.activate(WindowText.continueWith(WindowText.providerTitle("oidc.corp")))
        try await window.waitFor("label", WindowText.conflictBody(email: "octocat@example.com", methods: ["GitHub"]))
        try await window.activate(WindowText.signInAndLink("GitHub"))
        try await window.waitUntil("GitHub and the OIDC provider linked") {
          $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
            && $0.contains(
              .init(role: "push button", name: WindowText.unlinkAccessible(WindowText.providerTitle("oidc.corp"))))
        }
        let accounts = try await project.accounts()
        #expect(accounts.count == 1)
        let linked = (accounts.first?["providerUserInfo"] as? [[String: Any]])?.compactMap {
          $0["providerId"] as? String
        }
        #expect(linked == ["github.com", "oidc.corp"])
        try await session.screenshot("window-firebase-linked")
      }
    }

    /// `auth-desktop --emulator` with a `[firebase]` table: offline, the emulator's Identity Toolkit keeps
    /// the accounts; a conflict between GitHub's and X's Mona (the same email) is linked from the window.
    @Test func theEmulatorRunsFirebaseModeOffline() async throws {
      let table = "[firebase]\napi_key = \"AIza-local-only\"\nproject_id = \"my-app-12345\"\n"
      try await WindowSession.with(emulator: true, configuration: table, browser: .consent) { session in
        let window = session.accessible
        try await window.activate(WindowText.continueWith("GitHub"))
        try await window.waitUntil("the signed-in page in the emulator's project") {
          $0.contains(.init(role: "label", name: "my-app-12345"))
            && $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
        }
        try await window.activate(WindowText.signOut)
        try await window.waitFor("label", WindowText.signInTitle)
        let x = WindowText.providerTitle("twitter.com")
        try await window.activate(WindowText.continueWith(x))
        try await window.waitFor("label", WindowText.conflictBody(email: "octocat@example.com", methods: ["GitHub"]))
        try await window.activate(WindowText.signInAndLink("GitHub"))
        try await window.waitUntil("GitHub and X linked") {
          $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
            && $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible(x)))
        }
        let status = try await session.cli.run(["status", "--json", "--emulator"])
        #expect((status.json["firebase"] as? [String: Any])?["projectId"] as? String == "my-app-12345")
        try await session.screenshot("window-firebase-emulator")
      }
    }
  }
}
