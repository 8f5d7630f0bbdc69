import AuthEngine
import Foundation
import TestSupport
import Testing

/// OAuth 2.0 + PKCE against the Authlib GitHub-like server.
@Suite struct GitHubFlowTests {
  @Test func signInYieldsCredentialAndVerifiedPrimaryEmail() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let query = try #require(FormParameters.query(of: pending.authorizationURL))
    #expect(query["code_challenge_method"] == "S256")
    #expect(query["response_type"] == "code")
    #expect(query["redirect_uri"] == Fixtures.githubRedirect)
    #expect((query["state"] ?? "").count >= 43)  // 256 bits
    let result = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
    #expect(result.identity.uid == "1001")
    #expect(result.identity.username == "octocat")
    #expect(result.identity.email == "octocat@example.com")
    #expect(result.identity.emailVerified)
    #expect(result.credential.accessToken?.reveal().hasPrefix("gho_") == true)
    #expect(result.credential.scopes == ["read:user", "user:email"])
    #expect(result.additionalUserInfo.profile["login"]?.string == "octocat")
    #expect(result.additionalUserInfo.isNewUser == false)
    let log =
      try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log"))
      as? [String: Any]
    let request = try #require((log?["requests"] as? [[String: Any]])?.first)
    #expect(request["accept"] as? String == "application/json")
    #expect((request["form_keys"] as? [String])?.contains("code_verifier") == true)
  }

  @Test func federatedIDIsTheNumericIDNotTheLogin() async throws {
    let github = try await Fixtures.github([
      "user": ["id": 583231, "login": "renamed-user", "name": "R", "email": "r@example.com"]
    ])
    let result = try await Harness(configuration: github.configuration).signIn(OAuthProvider(providerID: "github.com"))
    #expect(result.identity.uid == "583231")
  }

  @Test func withoutUserEmailScopeNoEmailsCall() async throws {
    let github = try await Fixtures.github(["scope": "read:user"], extraConfiguration: "scopes = [\"read:user\"]")
    let result = try await Harness(configuration: github.configuration).signIn(OAuthProvider(providerID: "github.com"))
    #expect(result.identity.emailVerified == false)
    #expect(result.credential.scopes == ["read:user"])
  }

  @Test func customParametersReachTheProvider() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    var provider = OAuthProvider(providerID: "github.com")
    provider.customParameters = ["allow_signup": "false", "login": "octo cat+1"]
    let pending = try await harness.service.begin(provider)
    let query = try #require(FormParameters.query(of: pending.authorizationURL))
    #expect(query["allow_signup"] == "false")
    #expect(query["login"] == "octo cat+1")
    _ = try await harness.service.resume(with: try await Browser.follow(pending.authorizationURL))
  }

  @Test func deniedConsentIsWebContextCancelled() async throws {
    let github = try await Fixtures.github(["consent": "deny"])
    let harness = try Harness(configuration: github.configuration)
    await expectAuthError(.webContextCancelled) { try await harness.signIn(OAuthProvider(providerID: "github.com")) }
  }

  @Test func wrongVerifierIsRejectedByTheServer() async throws {
    // The token request carries a verifier that doesn't match the challenge the browser sent.
    let github = try await Fixtures.github()
    let harness = try Harness(configuration: github.configuration)
    let first = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let second = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    // Browse the first request, but swap its code into the second request's redirect (same client,
    // same redirect URI, valid second state): the second verifier goes with the first code.
    let redirect = try await Browser.follow(first.authorizationURL)
    let code = try #require(FormParameters.query(of: redirect)?["code"])
    let secondState = try #require(FormParameters.query(of: second.authorizationURL)?["state"])
    let forged = URL(string: Fixtures.githubRedirect)!.appendingQuery(["code": code, "state": secondState])
    let error = await expectAuthError(.invalidCredential) { try await harness.service.resume(with: forged) }
    #expect(error?.providerError?.error == "invalid_grant")
  }

  @Test(arguments: [
    ("token_500", AuthErrorCode.invalidProviderResponse), ("token_garbage", .invalidProviderResponse),
    ("token_redirect", .invalidProviderResponse), ("token_200_error", .invalidCredential),
    ("user_500", .invalidProviderResponse),
  ])
  func providerFaultsAreDistinctErrors(fault: String, code: AuthErrorCode) async throws {
    let github = try await Fixtures.github(["fault": fault])
    let harness = try Harness(configuration: github.configuration)
    let error = await expectAuthError(code) { try await harness.signIn(OAuthProvider(providerID: "github.com")) }
    #expect(error?.providerID == "github.com")
    if fault == "token_redirect" {
      let log =
        try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log"))
        as? [String: Any]
      #expect(log?["redirect_target_hits"] as? Int == 0, "the transport followed the token endpoint's redirect")
    }
    if fault == "token_200_error" { #expect(error?.providerError?.error == "bad_verification_code") }
  }

  @Test func wrongClientSecretIsInvalidClient() async throws {
    let github = try await Fixtures.github()
    let broken = github.configuration.replacingOccurrences(
      of: "client_secret = \"\(github.clientSecret!)\"", with: "client_secret = \"wrong\"")
    let harness = try Harness(configuration: broken)
    await expectAuthError(.invalidClient) { try await harness.signIn(OAuthProvider(providerID: "github.com")) }
  }

  @Test func unreachableProviderIsNetworkRequestFailed() async throws {
    let github = try await Fixtures.github()
    let harness = try Harness(
      configuration: github.configuration.replacingOccurrences(
        of: "token_endpoint = \"\(github.base)/login/oauth/access_token\"",
        with: "token_endpoint = \"http://127.0.0.1:9/token\""))
    await expectAuthError(.networkRequestFailed) { try await harness.signIn(OAuthProvider(providerID: "github.com")) }
  }
}
