import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The Admin API as firebase-admin calls it: `…/v1/projects/P/accounts…` with `Bearer owner` and no
/// API key (`IdentityToolkitEmulator+Projects`), answering as firebase-tools' emulator does.
@Suite struct IdentityToolkitEmulatorAdminAPITests {
  static let owner = [(name: "Authorization", value: "Bearer owner")]

  /// `POST|GET /identitytoolkit.googleapis.com/v1/projects/P/accounts[:OP]` as the owner, no key.
  func admin(
    _ harness: IdentityToolkitEmulatorHarness, _ operation: String, _ body: [String: Any]? = [:],
    project: String? = nil,
    method: String = "POST", headers: [(name: String, value: String)] = owner
  ) async -> IdentityToolkitEmulatorHarness.Reply {
    let suffix = operation.isEmpty || operation.hasPrefix("/") ? operation : ":" + operation
    let path = "/identitytoolkit.googleapis.com/v1/projects/\(project ?? harness.projectID)/accounts" + suffix
    return await harness.send(path, method: method, json: body, key: nil, headers: headers)
  }

  @Test func createLookupDisableAndDeleteAsTheOwner() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let created = await admin(
      harness, "",
      [
        "localId": "ada-1", "email": "Ada@Example.com", "password": "correct horse", "phoneNumber": "+15555550100",
        "displayName": "Ada",
      ])
    #expect(created.status == 200, "\(created.json)")
    #expect(created.string("localId") == "ada-1" && created.string("email") == "ada@example.com")
    #expect(created["idToken"] == nil, "creating a user signs nobody in")
    for query in [["localId": ["ada-1"]], ["email": ["ada@example.com"]], ["phoneNumber": ["+15555550100"]]] {
      let found = await admin(harness, "lookup", query)
      #expect(found.user["localId"] as? String == "ada-1", "\(query): \(found.json)")
      #expect(found.rawIds == ["password": "ada@example.com", "phone": "+15555550100"])
    }
    #expect(await admin(harness, "", ["localId": "ada-1"]).error == "DUPLICATE_LOCAL_ID")
    #expect(await admin(harness, "", ["email": "ada@example.com"]).error == "EMAIL_EXISTS")
    #expect(await admin(harness, "", ["phoneNumber": "+15555550100"]).error == "PHONE_NUMBER_EXISTS")
    #expect(await admin(harness, "", ["phoneNumber": "555"]).error == "INVALID_PHONE_NUMBER : Invalid format.")
    #expect(await admin(harness, "", ["password": "short"]).error?.hasPrefix("WEAK_PASSWORD") == true)

    let session = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    let refresh = try #require(session.string("refreshToken"), "\(session.json)")
    #expect(await admin(harness, "update", ["localId": "ada-1", "disableUser": true]).status == 200)
    #expect(await harness.refresh(refresh).error == "USER_DISABLED")
    #expect(await admin(harness, "lookup", ["localId": ["ada-1"]]).user["disabled"] as? Bool == true)
    #expect(await admin(harness, "update", ["localId": "ada-1", "disableUser": false]).status == 200)
    #expect(await harness.refresh(refresh).status == 200)
    #expect(await admin(harness, "delete", ["localId": "ada-1"]).string("kind") != nil)
    #expect(await harness.refresh(refresh).error == "USER_NOT_FOUND")
    #expect(await admin(harness, "lookup", ["localId": ["ada-1"]])["users"] == nil)
    #expect(await admin(harness, "delete", ["localId": "ada-1"]).error == "USER_NOT_FOUND")
    #expect(await admin(harness, "update", ["localId": "nobody"]).error == "USER_NOT_FOUND")
    #expect(await admin(harness, "update", [:]).error == "MISSING_LOCAL_ID")
  }

  @Test func theOwnerCredentialIsRequiredAndTheClientPathsKeepTheirKey() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let missing = await admin(harness, "lookup", ["localId": ["x"]], headers: [])
    #expect(missing.status == 401)
    let error = try #require(missing.json["error"] as? [String: Any])
    #expect(error["status"] as? String == "UNAUTHENTICATED")
    #expect((error["errors"] as? [[String: Any]])?.first?["reason"] as? String == "required")
    let wrong = await admin(harness, "lookup", ["localId": ["x"]], headers: [("Authorization", "Bearer ya29.x")])
    #expect(wrong.status == 401 && wrong.error?.hasPrefix("Request had invalid authentication credentials") == true)
    // An API key is no admin credential, and the client paths do not serve the admin operations.
    let keyOnly = await harness.send(
      "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts:lookup", json: ["localId": ["x"]])
    #expect(keyOnly.status == 401)
    #expect(await harness.call("batchDelete", ["localIds": ["x"]], headers: Self.owner).status == 404)
    let noKey = await harness.send(
      "/identitytoolkit.googleapis.com/v1/accounts:lookup", json: ["localId": ["x"]], key: nil, headers: Self.owner)
    #expect(noKey.status == 403)
  }

  @Test func badRequestsGetTheAPIFrontEndsAnswers() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let path = "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts:update"
    var request = HTTPRequest(
      method: "POST", url: URL(string: EmulatorHarness.base.absoluteString + path)!,
      headers: Self.owner + [("Content-Type", "application/json")])
    request.body = Data("{\"localId\": ".utf8)
    let broken = IdentityToolkitEmulatorHarness.Reply(await harness.router.handle(request))
    #expect(broken.status == 400 && broken.error?.hasPrefix("Invalid JSON payload received.") == true)
    let unknown = await admin(harness, "update", ["localId": "x", "nickname": "y"])
    #expect(unknown.error == "Invalid JSON payload received. Unknown name \"nickname\": Cannot find field.")
    #expect(await admin(harness, "lookup", nil, method: "GET").status == 405)
    #expect(await admin(harness, "batchGet", nil, method: "POST").status == 405)
    #expect(await admin(harness, "signInWithIdp", ["requestUri": "http://localhost"]).status == 404)
    #expect(await admin(harness, "/x", [:]).status == 404)
    #expect(await admin(harness, "lookup", [:], project: "bad%2Fid").status == 404)
    let validSince = await admin(harness, "update", ["localId": "x", "validSince": "soon"])
    #expect(validSince.status == 400)
  }

  @Test func anotherProjectHasItsOwnUsersAndATenantItsOwn() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    #expect(await admin(harness, "", ["localId": "u1"], project: "my-app-12345").status == 200)
    #expect(await admin(harness, "lookup", ["localId": ["u1"]])["users"] == nil)
    #expect(await admin(harness, "lookup", ["localId": ["u1"]], project: "my-app-12345").user["localId"] != nil)
    let tenant = "/tenants/team-a/accounts"
    let tenantPath = "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)\(tenant)"
    let made = await harness.send(tenantPath, json: ["localId": "t1"], key: nil, headers: Self.owner)
    #expect(made.status == 200, "\(made.json)")
    let inTenant = await harness.send(
      tenantPath + ":lookup", json: ["localId": ["t1"]], key: nil, headers: Self.owner)
    #expect(inTenant.user["tenantId"] as? String == "team-a")
    #expect(await admin(harness, "lookup", ["localId": ["t1"]])["users"] == nil)
    let mismatch = await harness.send(
      tenantPath + ":lookup", json: ["localId": ["t1"], "tenantId": "team-b"], key: nil, headers: Self.owner)
    #expect(mismatch.error == "TENANT_ID_MISMATCH")

    let helpers = "/emulator/v1/projects/my-app-12345"
    #expect(await harness.send(helpers + "/oobCodes", method: "GET", key: nil)["oobCodes"] as? [Any] != nil)
    #expect(await harness.send(helpers + "/config", method: "GET", key: nil)["signIn"] != nil)
    #expect(await harness.send(helpers + "/accounts", method: "DELETE", key: nil).status == 200)
    #expect(await admin(harness, "lookup", ["localId": ["u1"]], project: "my-app-12345")["users"] == nil)
  }
}
