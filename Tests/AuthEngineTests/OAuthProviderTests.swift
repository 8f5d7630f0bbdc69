import AuthEngine
import Foundation
import TestSupport
import Testing

/// Firebase's `OAuthProvider` surface: provider ids, scopes and custom parameters.
@Suite struct OAuthProviderTests {
  @Test(arguments: [
    "client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method", "nonce",
    "oauth_callback", "oauth_token", "OAUTH_NONCE", "Client_ID", "code_challenge_x",
  ])
  func reservedParametersAreRefusedByName(name: String) {
    var provider = OAuthProvider(providerID: "github.com")
    provider.customParameters = [name: "x", "login": "ok"]
    do {
      try provider.validate()
      Issue.record("\(name) was accepted")
    } catch let error as AuthError {
      #expect(error.code == .invalidCustomParameter)
      #expect(error.code.rawValue == "auth/invalid-custom-parameter")
      guard case .customParameter(.reserved(let refused)) = error.payload else {
        Issue.record("no reserved-parameter payload: \(error)")
        return
      }
      #expect(refused == name)
    } catch { Issue.record("\(error)") }
  }

  @Test(arguments: ["login", "allow_signup", "prompt", "force_login", "screen_name", "lang"])
  func ordinaryParametersAreAccepted(name: String) throws {
    var provider = OAuthProvider(providerID: "twitter.com")
    provider.customParameters = [name: "value"]
    try provider.validate()
  }

  @Test(arguments: ["github.com", "twitter.com", "oidc.corp", "oidc.my-idp_2.eu"])
  func supportedProviderIDs(id: String) throws { try OAuthProvider(providerID: id).validate() }

  @Test(arguments: ["facebook.com", "oidc.", "oidc.a b", "saml.x", "GitHub.com", ""])
  func unsupportedProviderIDs(id: String) async {
    await expectAuthError(.invalidProviderID) { try OAuthProvider(providerID: id).validate() }
  }

  @Test func unconfiguredProviderIsOperationNotAllowed() async throws {
    let harness = try Harness(configuration: "[providers.\"github.com\"]\nclient_id = \"x\"\n")
    await expectAuthError(.operationNotAllowed) {
      try await harness.service.begin(OAuthProvider(providerID: "oidc.nothere"))
    }
  }

  @Test func scopesAreAddedToTheConfiguredOnes() async throws {
    let github = try await Fixtures.github(["scope": "read:user user:email repo"])
    let harness = try Harness(configuration: github.configuration)
    var provider = OAuthProvider(providerID: "github.com")
    provider.scopes = ["repo", "user:email"]
    let pending = try await harness.service.begin(provider)
    #expect(FormParameters.query(of: pending.authorizationURL)?["scope"] == "read:user user:email repo")
    let result = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
    #expect(result.credential.scopes.contains("repo"))
  }

  @Test(arguments: ["has space", "quote\"", ""])
  func invalidScopesAreRefused(scope: String) async {
    var provider = OAuthProvider(providerID: "github.com")
    provider.scopes = [scope]
    await expectAuthError(.invalidCustomParameter) { try provider.validate() }
  }
}
