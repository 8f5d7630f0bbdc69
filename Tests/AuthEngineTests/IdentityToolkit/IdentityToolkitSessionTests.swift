import AuthEngine
import Foundation
import TestSupport
import Testing

/// Answers that end a Firebase session (the user disabled, a revoked or unknown token), and outages
/// that change nothing: afterwards `currentUser()` tells the truth, and a retry works.
@Suite struct IdentityToolkitSessionTests {
  @Test func aDisabledUserIsSignedOut() async throws {
    let w = try await AccountWorld.make(.firebase)
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    try await #require(w.project).disable(user.uid)
    let stream = await w.auth.stateChanges()
    var changes = stream.makeAsyncIterator()
    await expectAuthError(.userDisabled) { try await user.getIDToken(forceRefresh: true) }
    #expect(try await w.auth.currentUser() == nil)
    #expect(try await w.sessionSecrets().isEmpty)
    #expect(await changes.next() == .some(nil), "the end of the session was not announced")
  }

  /// Any request made with the session's token ends it when the user is disabled: here a link.
  @Test func aDisabledUserIsSignedOutByALinkToo() async throws {
    let w = try await AccountWorld.make(.firebase, twitter: .init(id: "5", email: nil))
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    let credential = try await w.twitter()
    _ = try await user.getIDToken(forceRefresh: true)
    try await #require(w.project).disable(user.uid)
    let stream = await w.auth.stateChanges()
    var changes = stream.makeAsyncIterator()
    await expectAuthError(.userDisabled) { try await user.link(with: credential) }
    #expect(try await w.auth.currentUser() == nil)
    #expect(await changes.next() == .some(nil), "the end of the session was not announced")
  }

  /// A password change on another device revokes this session's refresh token (`TOKEN_EXPIRED`).
  @Test func aRevokedRefreshTokenEndsTheSession() async throws {
    let w = try await AccountWorld.make(.firebase)
    let project = try #require(w.project)
    let user = try await w.auth.createUser(email: "a@example.com", password: Password("first password")).user
    let elsewhere = try await Control.post(
      project.base.appendingPathComponent("identitytoolkit.googleapis.com/v1/accounts:signInWithPassword")
        .appendingQuery(["key": project.apiKey]),
      ["email": "a@example.com", "password": "first password", "returnSecureToken": true])
    _ = try await Control.post(
      project.base.appendingPathComponent("identitytoolkit.googleapis.com/v1/accounts:update")
        .appendingQuery(["key": project.apiKey]),
      ["idToken": elsewhere["idToken"] as Any, "password": "second password"])
    await expectAuthError(.userTokenExpired) { try await user.getIDToken(forceRefresh: true) }
    #expect(try await w.auth.currentUser() == nil)
  }

  /// A refresh token the project does not know (`INVALID_REFRESH_TOKEN`).
  @Test func anUnknownRefreshTokenEndsTheSession() async throws {
    let w = try await AccountWorld.make(.firebase)
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    let id = try #require(try await w.sessionSecrets().first)
    let forged = #"{"id":"x","refresh":"not-a-refresh-token","expiresAt":0}"#
    try await w.secrets.store(StoredSecret(forged), for: SecretKey(namespace: "firebase-session", id: id), label: "t")
    await expectAuthError(.userTokenExpired) { try await user.getIDToken() }
    #expect(try await w.auth.currentUser() == nil)
  }

  /// A 503 while linking: nothing is recorded here that the project did not do, and a retry links.
  @Test func anOutageWhileLinkingChangesNothing() async throws {
    let w = try await AccountWorld.make(.firebase, twitter: .init(id: "5", email: nil))
    let project = try #require(w.project)
    let user = try await w.auth.signIn(with: try await w.github(1, email: nil)).user
    let credential = try await w.twitter()
    try await project.fault("signInWithIdp", status: 503)
    let error = await expectAuthError(.networkRequestFailed) { try await user.link(with: credential) }
    #expect(error?.origin == .accountServer)
    #expect(try await w.auth.currentUser()?.providerData.map(\.providerID) == ["github.com"])
    #expect(try await w.credentialSecrets().count == 1, "a credential was kept for a link the project did not make")
    await expectAuthError(.noSuchProvider) { try await w.auth.providerCredential(providerID: "twitter.com") }
    let linked = try await user.link(with: credential)
    #expect(linked.user.providerData.map(\.providerID) == ["github.com", "twitter.com"])
  }

  @Test func anUnreachableProjectIsANetworkFailure() async throws {
    let port = FreePort.next()
    let servers = try await TestServers.shared.start()
    let w = try AccountWorld(
      mode: .firebase,
      configuration: "[firebase]\napi_key = \"k\"\nproject_id = \"demo-down\"\nemulator_host = \"127.0.0.1:\(port)\"\n",
      project: nil, providers: .init(github: servers.github, twitter: nil, oidc: [:]),
      directory: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString),
      secrets: InMemorySecretStore(), clock: ManualClock(Date()))
    await expectAuthError(.networkRequestFailed) { try await w.auth.signIn(with: try await w.github(1, email: nil)) }
    #expect(try await w.auth.currentUser() == nil)
    #expect(try await w.credentialSecrets().isEmpty)
  }

  @Test func aWrongAPIKeyIsInvalidAPIKey() async throws {
    let servers = try await TestServers.shared.start()
    let host = "\(servers.identityToolkit.host!):\(servers.identityToolkit.port!)"
    let w = try AccountWorld(
      mode: .firebase,
      configuration: "[firebase]\napi_key = \"AIzaWrong\"\nproject_id = \"demo-key\"\nemulator_host = \"\(host)\"\n",
      project: nil, providers: .init(github: servers.github, twitter: nil, oidc: [:]),
      directory: FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString),
      secrets: InMemorySecretStore(), clock: ManualClock(Date()))
    await expectAuthError(.invalidAPIKey) {
      try await w.auth.createUser(email: "a@example.com", password: Password("x1234567"))
    }
  }
}
