import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// What the Admin API's `accounts:update` does to sessions (`validSince`, `customAttributes`), and the
/// listing operations (`batchGet`, `query`, `batchDelete`).
@Suite struct IdentityToolkitEmulatorAdminSessionTests {
  let api = IdentityToolkitEmulatorAdminAPITests()

  func now(_ harness: IdentityToolkitEmulatorHarness) -> Int { Int(harness.clock.now().timeIntervalSince1970) }

  @Test func validSinceRevokesEarlierSessionsOnly() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    let (uid, refresh) = (try #require(signUp.string("localId")), try #require(signUp.string("refreshToken")))
    let idToken = try #require(signUp.string("idToken"))
    harness.clock.advance(by: 10)
    // A validSince before the sign-in keeps the session.
    #expect(await api.admin(harness, "update", ["localId": uid, "validSince": now(harness) - 20]).status == 200)
    #expect(await harness.refresh(refresh).status == 200)
    // firebase-admin's revoke_refresh_tokens: the current second, in the same second as the sign-in or later.
    #expect(await api.admin(harness, "update", ["localId": uid, "validSince": String(now(harness))]).status == 200)
    #expect(await harness.refresh(refresh).error == "TOKEN_EXPIRED")
    #expect(await harness.lookup(idToken).error == "TOKEN_EXPIRED")
    let user = await api.admin(harness, "lookup", ["localId": [uid]]).user
    #expect(user["validSince"] as? String == String(now(harness)))
    let again = await harness.call("signInWithPassword", ["email": "ada@example.com", "password": "correct horse"])
    #expect(await harness.refresh(try #require(again.string("refreshToken"))).status == 200)
  }

  @Test func customClaimsReachTheNextIDTokenAndReservedNamesAreRefused() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signUp = await harness.signUp("ada@example.com")
    let uid = try #require(signUp.string("localId"))
    let set = await api.admin(
      harness, "update", ["localId": uid, "customAttributes": "{\"role\":\"admin\",\"level\":3}"])
    #expect(set.status == 200, "\(set.json)")
    let refreshed = await harness.refresh(try #require(signUp.string("refreshToken")))
    let claims = try await harness.verifiedClaims(try #require(refreshed.string("id_token")))
    #expect(claims["role"]?.string == "admin" && claims["level"]?.number == 3)
    #expect(claims["sub"]?.string == uid && claims["auth_time"]?.number != nil)
    #expect(await api.admin(harness, "lookup", ["localId": [uid]]).user["customAttributes"] as? String != nil)

    for (claims, error) in [
      ("{\"iss\":\"x\"}", "FORBIDDEN_CLAIM : iss"), ("{\"firebase\":{}}", "FORBIDDEN_CLAIM : firebase"),
      ("[1]", "INVALID_CLAIMS"), ("not json", "INVALID_CLAIMS"),
      ("{\"a\":\"" + String(repeating: "x", count: 1000) + "\"}", "CLAIMS_TOO_LARGE"),
    ] {
      #expect(await api.admin(harness, "update", ["localId": uid, "customAttributes": claims]).error == error)
    }
    let byUser = await harness.call(
      "update", ["idToken": try #require(signUp.string("idToken")), "customAttributes": "{\"role\":\"x\"}"])
    #expect(byUser.error == "INSUFFICIENT_PERMISSION")
    #expect(await api.admin(harness, "update", ["localId": uid, "customAttributes": "{}"]).status == 200)
    let cleared = await harness.refresh(try #require(signUp.string("refreshToken")))
    #expect(try await harness.verifiedClaims(try #require(cleared.string("id_token")))["role"] == nil)
  }

  /// update_user's other fields: `deleteAttribute`, `deleteProvider` (phone), `emailVerified`, a new
  /// password (which, as a password change, revokes the sessions); get_users' `federatedUserId`.
  @Test func theOtherFieldsOfUpdateAndLookup() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    let signedIn = try await harness.signedIn(try await harness.githubPostBody())
    let uid = try #require(signedIn.string("localId"))
    let update: [String: Any] = [
      "localId": uid, "phoneNumber": "+15555550123", "displayName": "Mona", "emailVerified": true,
      "password": "new password",
    ]
    #expect(await api.admin(harness, "update", update).status == 200)
    #expect(await harness.refresh(try #require(signedIn.string("refreshToken"))).error == "TOKEN_EXPIRED")
    let federated = await api.admin(
      harness, "lookup", ["federatedUserId": [["providerId": "github.com", "rawId": "583231"]]])
    #expect(federated.user["localId"] as? String == uid, "\(federated.json)")
    #expect(federated.user["phoneNumber"] as? String == "+15555550123" && federated.user["displayName"] != nil)
    let removed = await api.admin(
      harness, "update", ["localId": uid, "deleteAttribute": ["DISPLAY_NAME"], "deleteProvider": ["phone"]])
    #expect(removed.status == 200, "\(removed.json)")
    let after = await api.admin(harness, "lookup", ["localId": [uid]]).user
    #expect(after["displayName"] == nil && after["phoneNumber"] == nil)
    #expect(after["emailVerified"] as? Bool == true)
  }

  @Test func batchGetPagesByUserIDAndQueryAndBatchDeleteWork() async throws {
    let harness = try IdentityToolkitEmulatorHarness()
    for uid in ["u3", "u1", "u5", "u2", "u4"] {
      #expect(await api.admin(harness, "", ["localId": uid]).status == 200)
    }
    var pages: [[String]] = []
    var token: String?
    repeat {
      let suffix = "batchGet?maxResults=2" + (token.map { "&nextPageToken=\($0)" } ?? "")
      let page = await api.admin(harness, suffix, nil, method: "GET")
      #expect(page.status == 200, "\(page.json)")
      pages.append(((page["users"] as? [[String: Any]]) ?? []).compactMap { $0["localId"] as? String })
      token = page.string("nextPageToken")
    } while token != nil && pages.count < 5
    #expect(pages == [["u1", "u2"], ["u3", "u4"], ["u5"]])

    let counted = await api.admin(harness, "query", ["returnUserInfo": false])
    #expect(counted.string("recordsCount") == "5" && counted["userInfo"] == nil)
    let listed = await api.admin(harness, "query", ["offset": "1", "limit": "2"])
    #expect((listed["userInfo"] as? [[String: Any]])?.compactMap { $0["localId"] as? String } == ["u2", "u3"])
    #expect(await api.admin(harness, "query", ["sortBy": "NAME"]).status == 501)

    #expect(await api.admin(harness, "update", ["localId": "u1", "disableUser": true]).status == 200)
    let kept = await api.admin(harness, "batchDelete", ["localIds": ["u1", "u2", "nobody"]])
    let errors = try #require(kept["errors"] as? [[String: Any]], "\(kept.json)")
    #expect(errors.count == 1 && errors.first?["localId"] as? String == "u2" && errors.first?["index"] as? Int == 1)
    #expect(await api.admin(harness, "batchDelete", ["localIds": ["u2", "u3"], "force": true])["errors"] == nil)
    #expect(await api.admin(harness, "query", ["returnUserInfo": false]).string("recordsCount") == "2")
    #expect(await api.admin(harness, "batchDelete", ["localIds": [String]()]).error == "LOCAL_ID_LIST_EXCEEDS_LIMIT")
  }
}
