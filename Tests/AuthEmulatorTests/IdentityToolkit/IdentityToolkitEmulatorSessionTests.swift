import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// Refresh tokens, ID token expiry and revocation, `accounts:update` and `accounts:delete`.
@Suite struct IdentityToolkitEmulatorSessionTests {
  @Test func refreshAnswersSecureTokensShapeInFormOrJSON() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    let refresh = try #require(signUp.string("refreshToken"))
    let form = await harness.refresh(refresh)
    #expect(form.status == 200, "\(form.json)")
    #expect(form.string("refresh_token") == refresh)
    #expect(form.string("expires_in") == "3600")
    #expect(form.string("token_type") == "Bearer")
    #expect(form.string("user_id") == signUp.string("localId"))
    #expect(form.string("project_id") == harness.toolkit.project.projectNumber)
    #expect(form.string("access_token") == form.string("id_token"))
    let json = await harness.send(
      "/securetoken.googleapis.com/v1/token", json: ["grantType": "refresh_token", "refreshToken": refresh])
    #expect(json.status == 200)
    #expect(await harness.lookup(try #require(json.string("id_token"))).status == 200)
  }

  @Test func refreshErrors() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let path = "/securetoken.googleapis.com/v1/token"
    #expect(await harness.send(path, form: ["refresh_token": "x"]).error == "MISSING_GRANT_TYPE")
    #expect(await harness.send(path, form: ["grant_type": "password"]).error == "INVALID_GRANT_TYPE")
    #expect(await harness.send(path, form: ["grant_type": "refresh_token"]).error == "MISSING_REFRESH_TOKEN")
    #expect(await harness.refresh("AMf-vBforged").error == "INVALID_REFRESH_TOKEN")
  }

  @Test func idTokensExpireAfterAnHourAndRefreshGivesANewOne() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    harness.clock.advance(by: 3600)
    #expect(await harness.lookup(try #require(signUp.string("idToken"))).error == "TOKEN_EXPIRED")
    let refreshed = await harness.refresh(try #require(signUp.string("refreshToken")))
    #expect(await harness.lookup(try #require(refreshed.string("id_token"))).status == 200)
  }

  @Test func aPasswordChangeRevokesEveryEarlierToken() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    let idToken = try #require(signUp.string("idToken"))
    // In the same second the new ID token would be the very same bytes (same claims, deterministic RS256).
    harness.clock.advance(by: 1)
    let update = await harness.call(
      "update", ["idToken": idToken, "password": "new password", "returnSecureToken": true])
    #expect(update.status == 200, "\(update.json)")
    let newIDToken = try #require(update.string("idToken"))
    let stale = await harness.lookup(idToken)
    #expect(stale.error == "TOKEN_EXPIRED", "\(stale.json)")
    #expect(await harness.refresh(try #require(signUp.string("refreshToken"))).error == "TOKEN_EXPIRED")
    #expect(await harness.lookup(newIDToken).status == 200)
    #expect(await harness.refresh(try #require(update.string("refreshToken"))).status == 200)
    let old = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    #expect(old.error == "INVALID_PASSWORD")
    #expect(
      await harness.call("update", ["idToken": newIDToken, "password": "short"]).error?.hasPrefix("WEAK_PASSWORD")
        == true)
  }

  @Test func deleteProviderUnlinksAndProfileFieldsChange() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let github = try await harness.signedIn(try await harness.githubPostBody())
    let linked = try await harness.signedIn(
      try await harness.twitterPostBody(), ["idToken": try #require(github.string("idToken"))])
    let idToken = try #require(linked.string("idToken"))
    let update = await harness.call(
      "update",
      ["idToken": idToken, "deleteProvider": ["github.com"], "displayName": "Mona", "returnSecureToken": true])
    #expect(update.status == 200)
    #expect(update.string("displayName") == "Mona")
    #expect(update.string("idToken") == nil)  // no credential changed: no new tokens
    let lookup = await harness.lookup(idToken)
    #expect(lookup.rawIds == ["twitter.com": "1467726470533754880"])
    #expect(lookup.user["displayName"] as? String == "Mona")
    // Signing in with the unlinked GitHub identity again: its email is the user's, so it needs confirmation.
    let again = await harness.signInWithIdp(try await harness.githubPostBody())
    #expect(again["needConfirmation"] as? Bool == true)
    #expect(again.string("localId") == linked.string("localId"))
  }

  @Test func deleteRemovesTheUserAndEndsItsSessions() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    let idToken = try #require(signUp.string("idToken"))
    #expect(await harness.call("delete", ["idToken": idToken]).status == 200)
    #expect(await harness.lookup(idToken).error == "USER_NOT_FOUND")
    #expect(await harness.refresh(try #require(signUp.string("refreshToken"))).error == "USER_NOT_FOUND")
    #expect(
      await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"]).error
        == "EMAIL_NOT_FOUND")
  }

  @Test func idTokensNotSignedByThisEmulatorForThisProjectAreInvalid() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let idToken = try #require(await harness.signUp("ada@example.com").string("idToken"))
    let parts = idToken.split(separator: ".").map(String.init)
    var signature = Array(try #require(Base64URL.decode(parts[2])))
    signature[0] ^= 1
    let tampered = [parts[0], parts[1], Base64URL.encode(signature)].joined(separator: ".")
    #expect(await harness.lookup(tampered).error == "INVALID_ID_TOKEN")
    // Another project of the same emulator key: the audience differs.
    let other = try IdentityToolkitEmulatorHarness(store: harness.store) {
      $0 = IdentityToolkitProject(projectID: "demo-other", providers: [:])
    }
    #expect(await other.lookup(idToken).error == "INVALID_ID_TOKEN")
    // Another key (another emulator's data dir).
    let stranger = try IdentityToolkitEmulatorHarness(
      store: InMemoryIdentityToolkitStore(key: try IdentityToolkitSigningKey.generate()))
    #expect(await stranger.lookup(idToken).error == "INVALID_ID_TOKEN")
    #expect(await harness.call("lookup", [:]).error == "MISSING_ID_TOKEN")
  }

  @Test func aTenantsTokenIsRefusedForAnotherTenant() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.call(
      "signUp", ["email": "ada@example.com", "password": "correct horse", "tenantId": "tenant-a"])
    let idToken = try #require(signUp.string("idToken"))
    #expect(try await harness.verifiedClaims(idToken)["firebase"]?["tenant"]?.string == "tenant-a")
    #expect(await harness.call("lookup", ["idToken": idToken, "tenantId": "tenant-b"]).error == "TENANT_ID_MISMATCH")
    #expect(await harness.call("lookup", ["idToken": idToken, "tenantId": "tenant-a"]).status == 200)
    // The project's own accounts are apart from the tenant's.
    #expect(await harness.signUp("ada@example.com").status == 200)
  }
}
