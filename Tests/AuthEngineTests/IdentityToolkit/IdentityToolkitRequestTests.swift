import AuthEngine
import Foundation
import TestSupport
import Testing

/// What the Identity Toolkit backend sends, read from the test server's request log (names and
/// flags only; it never logs a token, a password or a nonce).
@Suite struct IdentityToolkitRequestTests {
  @Test func signInWithIdpCarriesTheCredentialAsTheIssueLists() async throws {
    let w = try await AccountWorld.make(
      .firebase, twitter: .init(id: "5", email: nil), oidc: ["corp": .init(id: "s", email: nil)])
    let project = try #require(w.project)
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    _ = try await user.link(with: try await w.twitter())
    _ = try await user.reauthenticate(with: try await w.github(1, email: nil))
    _ = try await user.link(with: try await w.oidc("corp"))
    _ = try await user.getIDToken(forceRefresh: true)
    let idp = try await project.log().filter { $0["op"] as? String == "signInWithIdp" }
    try #require(idp.count == 4)
    for entry in idp {
      #expect(entry["request_uri"] as? String == "http://localhost")
      #expect(entry["return_idp_credential"] as? Bool == true && entry["return_secure_token"] as? Bool == true)
      #expect(entry["path_form"] as? String == "emulator" && entry["key_via"] as? String == "query")
      #expect(entry["result"] as? String == "ok")
    }
    #expect(
      idp.map { Set($0["post_body_fields"] as? [String] ?? []) } == [
        ["providerId", "access_token"], ["providerId", "access_token", "oauth_token_secret"],
        ["providerId", "access_token"], ["providerId", "id_token", "nonce"],
      ])
    #expect(idp.map { $0["has_id_token"] as? Bool } == [false, true, false, true], "idToken links, and only links")
    #expect(idp[2]["auto_create"] as? Bool == false, "a reauthentication may create an account")
    #expect(idp[0]["auto_create"] == nil || idp[0]["auto_create"] is NSNull)
    let token = try await project.log().filter { $0["op"] as? String == "token" }
    #expect(token.count == 1 && token.first?["path_form"] as? String == "emulator", "the refresh went elsewhere")
  }

  /// A password is linked with `signUp` and the user's ID token, never with `update`.
  @Test func aPasswordIsLinkedWithSignUp() async throws {
    let w = try await AccountWorld.make(.firebase, project: ["enumeration_protection": true])
    _ = try await w.auth.signIn(with: try await w.github(1, email: "me@example.com"))
    _ = try await w.auth.linkPassword(email: "me@example.com", password: Password("long enough"))
    let log = try await #require(w.project).log()
    let signUp = try #require(log.last { $0["op"] as? String == "signUp" })
    #expect(signUp["has_id_token"] as? Bool == true && signUp["result"] as? String == "ok")
    #expect(!log.contains { $0["op"] as? String == "update" })
  }

  @Test func enumerationProtectionHidesTheMethods() async throws {
    let w = try await AccountWorld.make(.firebase, project: ["enumeration_protection": true])
    _ = try await w.auth.createUser(email: "a@example.com", password: Password("right password"))
    try await w.auth.signOut()
    #expect(try await w.auth.signInMethods(forEmail: "a@example.com") == SignInMethods(methods: [], hidden: true))
    await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "a@example.com", password: Password("wrong one"))
    }
    // An unknown email answers the same way: INVALID_LOGIN_CREDENTIALS.
    await expectAuthError(.wrongPassword) {
      try await w.auth.signIn(email: "b@example.com", password: Password("wrong one"))
    }
    // The conflict still names the email; its methods are what the answer's verifiedProvider says.
    let conflict = await expectAuthError(.accountExistsWithDifferentCredential) {
      try await w.auth.signIn(with: try await w.github(3, email: "a@example.com"))
    }
    #expect(conflict?.accountConflict?.email == "a@example.com")
    #expect(conflict?.accountConflict?.signInMethods == [])
  }

  @Test func aTenantsAccountsStayInTheTenant() async throws {
    let servers = try await TestServers.shared.start()
    let providers = AccountWorld.Providers(github: servers.github, twitter: nil, oidc: [:])
    let project = try await IdentityToolkitTestProject.create(providers: providers, options: ["tenants": ["tenant-a"]])
    let w = try AccountWorld(
      mode: .firebase, configuration: project.configuration + "tenant_id = \"tenant-a\"\n", project: project,
      providers: providers, directory: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString),
      secrets: InMemorySecretStore(), clock: ManualClock(Date()))
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    let claims = try IDTokenCheck.verify(try await user.getIDToken(), jwks: try await w.auth.jwks())
    #expect(claims["firebase"]?["tenant"]?.string == "tenant-a")
    #expect(try await project.accounts().first?["tenantId"] as? String == "tenant-a")
    #expect(
      w.auth.accountLocation == .firebase(projectID: project.id, tenantID: "tenant-a", emulatorHost: project.host))
  }

  @Test func anOIDCNonceThatIsNotTheHashIsRefused() async throws {
    let w = try await AccountWorld.make(.firebase, oidc: ["corp": .init(id: "s", email: nil)])
    var result = try await w.oidc("corp")
    result.credential.rawNonce = Nonce("not the raw nonce")
    await expectAuthError(.missingOrInvalidNonce) { try await w.auth.signIn(with: result) }
  }
}
