import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthEmulator

/// Full sign-ins through the engine's own `AuthorizationService` against the emulator, one per provider.
@Suite struct EmulatorSignInTests {
  @Test func gitHubSignInAsMona() async throws {
    let harness = try EmulatorHarness()
    let result = try await harness.signIn("github.com", as: EmulatorHarness.mona)
    #expect(result.identity.uid == "583231")
    #expect(result.identity.username == "octocat")
    #expect(result.identity.displayName == "Mona Octocat")
    #expect(result.identity.email == "octocat@example.com")
    #expect(result.identity.emailVerified)
    #expect(result.credential.accessToken?.reveal().hasPrefix("gho_") == true)
    #expect(result.credential.scopes == ["read:user", "user:email"])
  }

  @Test func twitterSignInSharesMonasEmail() async throws {
    let harness = try EmulatorHarness()
    let result = try await harness.signIn("twitter.com", as: "twitter:783214")
    #expect(result.identity.uid == "783214")
    #expect(result.identity.username == "monaoctocat")
    #expect(result.identity.email == "octocat@example.com")
    #expect(result.credential.secret != nil)
    let other = try await harness.signIn("twitter.com", as: "twitter:1467726470533754880")
    #expect(other.identity.email == "tweety@example.com")
  }

  @Test func openIDSignInWithES256() async throws {
    let harness = try EmulatorHarness()
    let result = try await harness.signIn(EmulatorSetup.oidcProviderID, as: "oidc:248289761001")
    #expect(result.identity.uid == "248289761001")
    #expect(result.identity.email == "jane@example.com")
    #expect(result.identity.emailVerified)
    #expect(result.identity.username == "jane")
    #expect(try Self.algorithm(of: result) == "ES256")
  }

  @Test func openIDSignInWithRS256AtTheSecondIssuer() async throws {
    let harness = try EmulatorHarness(
      configuration: """
        [providers."oidc.rs"]
        issuer = "http://127.0.0.1:9399/oidc/rs256"
        client_id = "rs-client"
        client_secret = "rs-secret"
        """)
    let result = try await harness.signIn("oidc.rs", as: "oidc:248289761001")
    #expect(result.identity.uid == "248289761001")
    #expect(try Self.algorithm(of: result) == "RS256")
  }

  static func algorithm(of result: ProviderSignInResult) throws -> String? {
    let token = try #require(result.credential.idToken?.reveal())
    let header = try #require(Base64URL.decode(String(token.split(separator: ".")[0])))
    return (try JSONSerialization.jsonObject(with: header) as? [String: Any])?["alg"] as? String
  }

  @Test func addedIdentityIsKeptAndSignsIn() async throws {
    let harness = try EmulatorHarness()
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let page = try await harness.consent(pending.authorizationURL)
    #expect(page.identities == [EmulatorHarness.mona])
    let answer = await harness.answer(
      page, ["action": "add", "name": "Ada Lovelace", "email": "ada@example.com", "share_email_with": ""])
    let result = try await harness.service.resume(with: try EmulatorHarness.location(answer))
    #expect(result.identity.displayName == "Ada Lovelace")
    #expect(result.identity.email == "ada@example.com")
    #expect(result.identity.username == "adalovelace")
    let stored = await harness.identities.identities()
    #expect(stored.contains { $0.provider == .github && $0.name == "Ada Lovelace" && $0.id == result.identity.uid })
    // The next consent page offers her.
    let next = try await harness.consent(
      try await harness.service.begin(OAuthProvider(providerID: "github.com")).authorizationURL)
    #expect(next.identities.contains("github:\(result.identity.uid)"))
  }

  @Test func addedIdentityCanShareAnotherProvidersEmail() async throws {
    let harness = try EmulatorHarness()
    let pending = try await harness.service.begin(OAuthProvider(providerID: EmulatorSetup.oidcProviderID))
    let page = try await harness.consent(pending.authorizationURL)
    #expect(page.html.contains("<option value=\"github:583231\">"))
    let answer = await harness.answer(
      page, ["action": "add", "name": "Mona at Corp", "email": "", "share_email_with": EmulatorHarness.mona])
    let result = try await harness.service.resume(with: try EmulatorHarness.location(answer))
    #expect(result.identity.email == "octocat@example.com")
  }

  @Test func invalidAddedIdentityShowsThePageAgain() async throws {
    let harness = try EmulatorHarness()
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let page = try await harness.consent(pending.authorizationURL)
    let refused = await harness.answer(page, ["action": "add", "name": "Bob", "email": "not an email"])
    #expect(refused.status == 400)
    #expect(String(decoding: refused.body, as: UTF8.self).contains("must look like name@example.com"))
    #expect(await harness.identities.identities() == EmulatorIdentity.seeds)
    // The request is still open.
    let redirect = try EmulatorHarness.location(
      await harness.answer(page, ["action": "approve", "identity": EmulatorHarness.mona]))
    _ = try await harness.service.resume(with: redirect)
  }

  @Test(arguments: ["github.com", "twitter.com", EmulatorSetup.oidcProviderID])
  func denyIsAccessDenied(providerID: String) async throws {
    let harness = try EmulatorHarness()
    let pending = try await harness.service.begin(OAuthProvider(providerID: providerID))
    let page = try await harness.consent(pending.authorizationURL)
    let redirect = try EmulatorHarness.location(await harness.answer(page, ["action": "deny"]))
    let query = try #require(FormParameters.query(of: redirect))
    #expect(providerID == "twitter.com" ? query["denied"] != nil : query["error"] == "access_denied")
    await expectAuthError(.webContextCancelled) { try await harness.service.resume(with: redirect) }
  }

  @Test func consentPageEscapesIdentitiesAndSendsItsHeaders() async throws {
    let hostile = EmulatorIdentity(
      provider: .github, id: "42", name: "<script>alert(1)</script>", email: "x\"'@example.com", login: "x")
    let harness = try EmulatorHarness(identities: EmulatorIdentity.seeds + [hostile])
    let pending = try await harness.service.begin(OAuthProvider(providerID: "github.com"))
    let response = await harness.get(pending.authorizationURL)
    let html = String(decoding: response.body, as: UTF8.self)
    #expect(!html.contains("<script"))
    #expect(html.contains("Sign in as &lt;script&gt;alert(1)&lt;/script&gt; &lt;x&quot;&#39;@example.com&gt;"))
    #expect(html.contains("Sign in as Mona Octocat &lt;octocat@example.com&gt;"))
    #expect(html.contains("AuthDesktop provider emulator"))
    #expect(
      response.header("content-security-policy")
        == "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' \(EmulatorHarness.scheme):; frame-ancestors 'none'"
    )
    #expect(response.header("referrer-policy") == "no-referrer")
    #expect(response.header("cache-control") == "no-store")
  }

  @Test func identityDocumentNamesTheApp() async throws {
    let response = try await EmulatorHarness().get("/.well-known/auth-desktop-emulator")
    #expect(response.status == 200)
    let document = EmulatorHarness.json(response)
    #expect(document["emulator"] as? String == "dev.authdesktop.AuthDesktop")
    #expect(document["version"] as? Int == 1)
  }

  @Test func foreignHostIsRefused() async throws {
    let harness = try EmulatorHarness()
    let rebound = await harness.get(
      URL(string: "http://127.0.0.1:9399/.well-known/auth-desktop-emulator")!, headers: [("Host", "evil.example:9399")])
    #expect(rebound.status == 421)
    let local = await harness.get(
      URL(string: "http://127.0.0.1:9399/.well-known/auth-desktop-emulator")!, headers: [("Host", "localhost:9399")])
    #expect(local.status == 200)
  }
}
