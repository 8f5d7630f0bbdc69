import AuthDesktopKit
import AuthDesktopShared
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
    static func configuration() async throws -> (String, IdentityToolkitProject) {
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
      let project = try await IdentityToolkitProject.create(providers: [
        "github.com": ["client_id": "any", "base_url": base.absoluteString],
        "oidc.corp": ["issuer": issuer, "client_id": clientID],
      ])
      let oidc = """
        [providers."oidc.corp"]
        issuer = "\(issuer)"
        client_id = "\(clientID)"
        client_secret = "\(tenant["client_secret"] as? String ?? "")"
        redirect_uri = "http://127.0.0.1/oauth2redirect/oidc.corp"

        """
      return (github + "\n" + oidc + project.configuration, project)
    }

    @Test func signInShowsTheProjectAndAConflictIsLinkedFromTheWindow() async throws {
      let (configuration, project) = try await Self.configuration()
      try await WindowSession.with(configuration: configuration, browser: .play) { session in
        let window = session.accessible
        try await window.activate(WindowText.continueWith("GitHub"))
        try await window.waitUntil("the signed-in page (browser: \(session.browserTranscript()))") {
          $0.contains(.init(role: "label", name: WindowText.firebaseProject(project.id)))
            && $0.contains(.init(role: "push button", name: WindowText.unlinkAccessible("GitHub")))
        }
        let localId = try #require(try await project.accounts().first?["localId"] as? String)
        #expect(window.shows("label", WindowText.userID(localId)))
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
  }
}
