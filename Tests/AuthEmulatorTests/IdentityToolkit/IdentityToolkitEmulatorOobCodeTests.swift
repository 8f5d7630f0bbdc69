import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// `accounts:sendOobCode`, `accounts:resetPassword`, `accounts:update` with an `oobCode`, and the codes
/// listed at `GET /emulator/v1/projects/P/oobCodes` instead of being emailed.
@Suite struct IdentityToolkitEmulatorOobCodeTests {
  typealias Harness = IdentityToolkitEmulatorHarness

  func codes(_ harness: Harness, project: String? = nil) async -> [[String: Any]] {
    let listed = await harness.send(
      "/emulator/v1/projects/\(project ?? harness.projectID)/oobCodes", method: "GET", key: nil)
    return listed["oobCodes"] as? [[String: Any]] ?? []
  }

  @Test func aPasswordResetCodeIsListedAndUsedOnce() async throws {
    let harness = try Harness()
    let created = await harness.signUp("reset@example.com")
    let oldRefresh = try #require(created.string("refreshToken"))
    let sent = await harness.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "Reset@Example.com"])
    #expect(sent.status == 200 && sent.string("email") == "reset@example.com" && sent["oobCode"] == nil)
    let listed = try #require(await codes(harness).first)
    #expect(listed["requestType"] as? String == "PASSWORD_RESET" && listed["email"] as? String == "reset@example.com")
    #expect((listed["oobLink"] as? String)?.contains("mode=resetPassword") == true)
    let code = try #require(listed["oobCode"] as? String)
    // Without a new password it only says what the code is for.
    let peek = await harness.call("resetPassword", ["oobCode": code])
    #expect(peek.string("email") == "reset@example.com" && peek.string("requestType") == "PASSWORD_RESET")
    #expect(
      await harness.call("resetPassword", ["oobCode": code, "newPassword": "short"]).error?
        .hasPrefix("WEAK_PASSWORD") == true)
    let reset = await harness.call("resetPassword", ["oobCode": code, "newPassword": "new horse battery"])
    #expect(reset.status == 200 && reset.string("email") == "reset@example.com", "\(reset.json)")
    #expect(
      await harness.call("resetPassword", ["oobCode": code, "newPassword": "other horse"]).error
        == "INVALID_OOB_CODE")
    #expect(await harness.refresh(oldRefresh).error == "TOKEN_EXPIRED", "a reset revokes the earlier sessions")
    let signedIn = await harness.call(
      "signInWithPassword", ["email": "reset@example.com", "password": "new horse battery", "returnSecureToken": true])
    #expect(signedIn.status == 200)
    #expect(await harness.lookup(try #require(signedIn.string("idToken"))).user["emailVerified"] as? Bool == true)
  }

  @Test func unknownAddressesWithAndWithoutEnumerationProtection() async throws {
    let harness = try Harness()
    let unknown: [String: Any] = ["requestType": "PASSWORD_RESET", "email": "nobody@example.com"]
    #expect(await harness.call("sendOobCode", unknown).error == "EMAIL_NOT_FOUND")
    let config = "/emulator/v1/projects/\(harness.projectID)/config"
    _ = await harness.send(config, method: "PATCH", json: ["emailPrivacyConfig": ["enableImprovedEmailPrivacy": true]])
    let hidden = await harness.call("sendOobCode", unknown)
    #expect(hidden.status == 200 && hidden.string("email") == "nobody@example.com")
    #expect(await codes(harness).isEmpty)
    #expect(await harness.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com"]).status == 501)
    #expect(await harness.call("sendOobCode", ["email": "a@example.com"]).error == "MISSING_REQ_TYPE")
  }

  @Test func aVerificationCodeVerifiesTheAddress() async throws {
    let harness = try Harness()
    let idToken = try #require(await harness.signUp("verify@example.com").string("idToken"))
    let sent = await harness.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken])
    #expect(sent.status == 200 && sent.string("email") == "verify@example.com", "\(sent.json)")
    let code = try #require(await codes(harness).first?["oobCode"] as? String)
    #expect(
      await harness.call("resetPassword", ["oobCode": code, "newPassword": "x-y-z-w-v"]).error == "INVALID_OOB_CODE")
    let applied = await harness.call("update", ["oobCode": code])
    #expect(applied.status == 200 && applied["emailVerified"] as? Bool == true, "\(applied.json)")
    #expect(await harness.lookup(idToken).user["emailVerified"] as? Bool == true)
    #expect(await harness.call("update", ["oobCode": code]).error == "INVALID_OOB_CODE")
    #expect(await harness.call("sendOobCode", ["requestType": "VERIFY_EMAIL"]).error == "INVALID_ID_TOKEN")
  }

  @Test func codesExpireAndTheAdminGetsItsLink() async throws {
    let harness = try Harness()
    _ = await harness.signUp("late@example.com")
    _ = await harness.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "late@example.com"])
    let code = try #require(await codes(harness).first?["oobCode"] as? String)
    harness.clock.advance(by: IdentityToolkitOperation.passwordResetLifetime + 1)
    #expect(
      await harness.call("resetPassword", ["oobCode": code, "newPassword": "new horse battery"]).error
        == "EXPIRED_OOB_CODE")
    // The Admin SDK's generate_password_reset_link: `returnOobLink`, only as the owner.
    let body: [String: Any] = ["requestType": "PASSWORD_RESET", "email": "late@example.com", "returnOobLink": true]
    #expect(await harness.call("sendOobCode", body).error == "INSUFFICIENT_PERMISSION")
    let path = "/identitytoolkit.googleapis.com/v1/projects/\(harness.projectID)/accounts:sendOobCode"
    let link = await harness.send(path, json: body, key: nil, headers: [("Authorization", "Bearer owner")])
    #expect(link.status == 200 && link.string("oobCode") != nil, "\(link.json)")
    #expect(link.string("oobLink")?.contains(link.string("oobCode") ?? "-") == true)
  }
}
