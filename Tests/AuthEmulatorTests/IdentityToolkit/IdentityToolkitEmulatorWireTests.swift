import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The URL layout, API keys, the error wire format, the published keys and the admin endpoints.
@Suite struct IdentityToolkitEmulatorWireTests {
  @Test func errorsUseIdentityToolkitsWireFormat() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let reply = await harness.call("signInWithPassword", ["email": "nobody@example.com", "password": "whatever"])
    #expect(reply.status == 400)
    let error = try #require(reply["error"] as? [String: Any])
    #expect(error["code"] as? Int == 400)
    #expect(error["message"] as? String == "EMAIL_NOT_FOUND")
    let errors = try #require(error["errors"] as? [[String: Any]])
    #expect(errors.count == 1)
    #expect(errors.first?["message"] as? String == "EMAIL_NOT_FOUND")
    #expect(errors.first?["reason"] as? String == "invalid")
    #expect(errors.first?["domain"] as? String == "global")
    #expect(reply.response.mediaType == "application/json")
  }

  @Test func anyNonEmptyAPIKeyInTheQueryOrHeaderIsTheProjects() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let path = "/identitytoolkit.googleapis.com/v1/accounts:signUp"
    let body: [String: Any] = ["email": "ada@example.com", "password": "correct horse"]
    let missing = await harness.send(path, json: body, key: nil)
    #expect(missing.status == 403)
    #expect(missing.error == "The request is missing a valid API key.")
    #expect(await harness.send(path, json: body, key: "").status == 403)
    let header = await harness.send(path, json: body, key: nil, headers: [("x-goog-api-key", "anything")])
    #expect(header.status == 200)
    let claims = try await harness.verifiedClaims(try #require(header.string("idToken")))
    #expect(claims["aud"]?.string == harness.projectID)
    // The path without the host segment works too.
    #expect(
      await harness.send("/v1/accounts:lookup", json: ["idToken": try #require(header.string("idToken"))]).status == 200
    )
  }

  @Test func unknownFieldsOperationsAndMethodsAreRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let unknown = await harness.call(
      "signUp", ["email": "ada@example.com", "password": "correct horse", "pasword": "x"])
    #expect(unknown.status == 400)
    #expect(unknown.error == "Invalid JSON payload received. Unknown name \"pasword\": Cannot find field.")
    #expect(await harness.call("signInWithEmailLink", [:]).status == 404)
    #expect(await harness.send("/identitytoolkit.googleapis.com/v1/accounts:lookup", method: "GET").status == 405)
    var notJSON = HTTPRequest(
      method: "POST", url: URL(string: "\(EmulatorHarness.base.absoluteString)/v1/accounts:signUp?key=k")!,
      headers: [("Content-Type", "application/json")])
    notJSON.body = Data("{".utf8)
    #expect(
      IdentityToolkitEmulatorHarness.Reply(await harness.router.handle(notJSON)).error?.hasPrefix(
        "Invalid JSON payload") == true)
  }

  @Test func theRootAnswersReadinessAndBrowsersGetTheIndexPage() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let ready = await harness.send("/", method: "GET", key: nil)
    #expect((ready["authEmulator"] as? [String: Any])?["ready"] as? Bool == true)
    let page = await harness.send("/", method: "GET", key: nil, headers: [("Accept", "text/html,*/*")])
    #expect(page.response.mediaType == "text/html")
    // The provider emulator still answers beside it, and foreign host names get nothing.
    #expect(await harness.send("/.well-known/auth-desktop-emulator", method: "GET", key: nil).status == 200)
    let rebound = await harness.send("/v1/accounts:lookup", json: [:], headers: [("Host", "evil.example:9399")])
    #expect(rebound.status == 421)
  }

  @Test func thePublicKeysArePublishedWhereGooglePublishesThem() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let account = "securetoken@system.gserviceaccount.com"
    for path in [
      "/robot/v1/metadata/jwk/\(account)", "/service_accounts/v1/jwk/\(account)",
      "/www.googleapis.com/robot/v1/metadata/jwk/\(account)", "/www.googleapis.com/service_accounts/v1/jwk/\(account)",
    ] {
      let reply = await harness.send(path, method: "GET", key: nil)
      let keys = try #require(reply["keys"] as? [[String: Any]], "\(path)")
      #expect(keys.count == 1)
      #expect(keys.first?["kid"] as? String == IdentityToolkitEmulatorHarness.key.kid)
      #expect(keys.first?["alg"] as? String == "RS256")
      #expect(keys.first?["d"] == nil)  // public parts only
      #expect(keys.first?["p"] == nil)
    }
  }

  @Test func theAdminEndpointsDropAccountsAndChangeTheConfiguration() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let base = "/emulator/v1/projects/\(harness.projectID)"
    let config = await harness.send(base + "/config", method: "GET", key: nil)
    #expect((config["signIn"] as? [String: Any])?["allowDuplicateEmails"] as? Bool == false)
    #expect((config["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool == false)
    let idToken = try #require(await harness.signUp("ada@example.com").string("idToken"))
    let tenant = await harness.call(
      "signUp", ["email": "ada@example.com", "password": "correct horse", "tenantId": "t1"])
    #expect(await harness.send(base + "/accounts", method: "DELETE", key: nil).status == 200)
    #expect(await harness.lookup(idToken).error == "USER_NOT_FOUND")
    #expect(await harness.lookup(try #require(tenant.string("idToken"))).status == 200)  // another tenant's
    #expect(await harness.send(base + "/tenants/t1/accounts", method: "DELETE", key: nil).status == 200)
    #expect(await harness.lookup(try #require(tenant.string("idToken"))).error == "USER_NOT_FOUND")
    // Any project id is served, with its own users: clearing another project leaves this one's.
    let kept = try #require(await harness.signUp("grace@example.com").string("idToken"))
    #expect(await harness.send("/emulator/v1/projects/other/accounts", method: "DELETE", key: nil).status == 200)
    #expect(await harness.lookup(kept).status == 200)
  }
}
