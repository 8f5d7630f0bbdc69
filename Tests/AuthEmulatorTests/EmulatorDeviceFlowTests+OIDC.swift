import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The device authorization grant at the OpenID issuers: discovery, standard HTTP 400 errors, and an
/// ID token for the identity that approved.
extension EmulatorDeviceFlowTests {
  static let jane = "oidc:248289761001"

  @Test func discoveryAdvertisesTheDeviceGrant() async throws {
    let harness = try EmulatorHarness()
    for issuer in ["/oidc", "/oidc/rs256"] {
      let document = EmulatorHarness.json(await harness.get(issuer + "/.well-known/openid-configuration"))
      #expect(
        document["device_authorization_endpoint"] as? String == "http://127.0.0.1:9399\(issuer)/device_authorization")
      #expect((document["grant_types_supported"] as? [String])?.contains(DeviceFlowSettings.grantType) == true)
    }
  }

  @Test func anOpenIDCodeCarriesTheCompleteURI() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.oidcDeviceCode()
    #expect(response.status == 200)
    let json = EmulatorHarness.json(response)
    let user = try #require(json["user_code"] as? String)
    #expect(json["verification_uri"] as? String == "http://127.0.0.1:9399/oidc/device")
    #expect(json["verification_uri_complete"] as? String == "http://127.0.0.1:9399/oidc/device?user_code=\(user)")
    #expect(json["interval"] as? Int == 5)
    #expect(json["expires_in"] as? Int == 900)
    let noOpenID = await harness.oidcDeviceCode(scope: "email")
    #expect(noOpenID.status == 400)
    #expect(Self.error(noOpenID) == "invalid_scope")
  }

  @Test func openIDPollsAreHTTP400Errors() async throws {
    let harness = try EmulatorHarness()
    let device = try #require(EmulatorHarness.json(await harness.oidcDeviceCode())["device_code"] as? String)
    let pending = await harness.oidcPoll(device)
    #expect(pending.status == 400)
    #expect(Self.error(pending) == "authorization_pending")
    let early = await harness.oidcPoll(device)
    #expect(early.status == 400)
    #expect(Self.error(early) == "slow_down")
    #expect(await harness.oidcPoll("no-such-code").status == 400)
    #expect(Self.error(await harness.oidcPoll("no-such-code")) == "invalid_grant")
    // A code of one issuer is not redeemed at the other.
    #expect(Self.error(await harness.oidcPoll(device, issuer: "/oidc/rs256")) == "invalid_grant")
  }

  @Test func approvedAtTheCompleteURIGivesAVerifiedIDToken() async throws {
    let harness = try EmulatorHarness()
    let json = EmulatorHarness.json(await harness.oidcDeviceCode())
    let device = try #require(json["device_code"] as? String)
    let user = try #require(json["user_code"] as? String)
    let complete = try #require((json["verification_uri_complete"] as? String).flatMap(URL.init(string:)))
    #expect(EmulatorHarness.text(await harness.get(complete)).contains("value=\"\(user)\""))
    // A GitHub page does not take an OpenID code.
    #expect(await harness.post(Self.page, ["user_code": user]).status == 404)
    harness.clock.advance(by: 30)
    let approvedAt = Int(harness.clock.now().timeIntervalSince1970)
    let answer = try await harness.answerDevice(user, at: "/oidc/device", as: Self.jane)
    #expect(EmulatorHarness.text(answer).contains("Approved — you can close this tab"))
    harness.clock.advance(by: 5)
    let response = await harness.oidcPoll(device)
    #expect(response.status == 200)
    let token = EmulatorHarness.json(response)
    #expect(token["token_type"] as? String == "Bearer")
    let idToken = try #require(token["id_token"] as? String)
    let keys = try #require(JSONValue.parse(await harness.get("/oidc/jwks").body))
    let verified = try VerifiedJWS.verify(idToken, keySet: keys).get()
    #expect(verified.header["alg"]?.string == "ES256")
    #expect(verified.claims["iss"]?.string == "http://127.0.0.1:9399/oidc")
    #expect(verified.claims["aud"]?.string == EmulatorSetup.oidcClientID)
    #expect(verified.claims["sub"]?.string == "248289761001")
    #expect(verified.claims["email"]?.string == "jane@example.com")
    #expect(verified.claims["nonce"] == nil)
    #expect(verified.claims["auth_time"] == .number(Double(approvedAt)))
    // The access token reads the same person at UserInfo.
    let accessToken = try #require(token["access_token"] as? String)
    let info = await harness.emulator.handle(
      HTTPRequest(
        url: URL(string: "http://127.0.0.1:9399/oidc/userinfo")!, headers: [("Authorization", "Bearer \(accessToken)")])
    )
    #expect(EmulatorHarness.json(info)["sub"] as? String == "248289761001")
    // Single use.
    #expect(Self.error(await harness.oidcPoll(device)) == "invalid_grant")
  }

  @Test func theRS256IssuerSignsItsDeviceIDTokensWithRS256() async throws {
    let harness = try EmulatorHarness()
    let json = EmulatorHarness.json(await harness.oidcDeviceCode(issuer: "/oidc/rs256"))
    let device = try #require(json["device_code"] as? String)
    let user = try #require(json["user_code"] as? String)
    _ = try await harness.answerDevice(user, at: "/oidc/rs256/device", as: Self.jane)
    let idToken = try #require(
      EmulatorHarness.json(await harness.oidcPoll(device, issuer: "/oidc/rs256"))["id_token"] as? String)
    let keys = try #require(JSONValue.parse(await harness.get("/oidc/rs256/jwks").body))
    #expect(try VerifiedJWS.verify(idToken, keySet: keys).get().header["alg"]?.string == "RS256")
  }

  @Test func anOpenIDDenialIsAccessDenied() async throws {
    let harness = try EmulatorHarness()
    let json = EmulatorHarness.json(await harness.oidcDeviceCode())
    let device = try #require(json["device_code"] as? String)
    _ = try await harness.answerDevice(try #require(json["user_code"] as? String), at: "/oidc/device", as: nil)
    let response = await harness.oidcPoll(device)
    #expect(response.status == 400)
    #expect(Self.error(response) == "access_denied")
  }
}
