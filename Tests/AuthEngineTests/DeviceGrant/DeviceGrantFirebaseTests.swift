import AuthEngine
import Foundation
import TestSupport
import Testing

/// A device sign-in (RFC 8628) in Firebase project mode: the tokens go to the Identity Toolkit test
/// server's `signInWithIdp` as a redirect's do (GitHub's access token; an OpenID provider's ID token
/// with no nonce).
@Suite struct DeviceGrantFirebaseTests {
  @Test func gitHubsTokenSignsInToTheProject() async throws {
    let root = try await TestServers.shared.start().github
    let github = try await LiveDeviceProvider.github()
    let project = try await IdentityToolkitTestProject.create(providers: [
      "github.com": ["client_id": "any", "base_url": root.absoluteString]
    ])
    let firebase = try github.withConfiguration(prefix: project.configuration)
    let session = try await firebase.start()
    try await firebase.decide(session, "approve")
    let result = try await firebase.result(of: session)
    #expect(result.user.email == "octocat@example.com")
    #expect(result.additionalUserInfo?.isNewUser == true)
    guard case .firebase(let projectID, _, _) = firebase.auth.accountLocation else {
      Issue.record("not in a Firebase project")
      return
    }
    #expect(projectID == project.id)
    let signIns = try await project.log().filter { $0["op"] as? String == "signInWithIdp" }
    #expect(signIns.map { $0["result"] as? String } == ["ok"])
    #expect(signIns.first?["provider_id"] as? String == "github.com")
  }

  @Test func anOpenIDProvidersIDTokenWithoutNonceSignsInToTheProject() async throws {
    let oidc = try await LiveDeviceProvider.oidc()
    let project = try await IdentityToolkitTestProject.create(providers: [
      "oidc.test": ["issuer": oidc.issuer!.absoluteString, "client_id": oidc.clientID!]
    ])
    let firebase = try oidc.withConfiguration(prefix: project.configuration)
    let session = try await firebase.start()
    try await firebase.decide(session, "approve")
    #expect(try await firebase.result(of: session).user.email == "jane@example.com")
    let signIns = try await project.log().filter { $0["op"] as? String == "signInWithIdp" }
    #expect(signIns.map { $0["result"] as? String } == ["ok"])
    #expect((signIns.first?["post_body_fields"] as? [String])?.contains("nonce") == false)
  }
}
