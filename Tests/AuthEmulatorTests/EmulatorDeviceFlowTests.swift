import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The device authorization grant (RFC 8628) at the GitHub-like server: codes, polls answered with HTTP
/// 200 as GitHub does, and the verification page.
@Suite struct EmulatorDeviceFlowTests {
  static let page = "/github/login/device"
  static let mona = EmulatorHarness.mona

  /// A device code and user code from the GitHub-like server.
  static func code(_ harness: EmulatorHarness) async throws -> (device: String, user: String) {
    let response = await harness.githubDeviceCode()
    #expect(response.status == 200)
    let json = EmulatorHarness.json(response)
    return (try #require(json["device_code"] as? String), try #require(json["user_code"] as? String))
  }

  static func error(_ response: HTTPResponse) -> String? { EmulatorHarness.json(response)["error"] as? String }

  @Test func aCodeLooksLikeGitHubs() async throws {
    let harness = try EmulatorHarness()
    let json = EmulatorHarness.json(await harness.githubDeviceCode())
    let device = try #require(json["device_code"] as? String)
    #expect(device.wholeMatch(of: /[0-9a-f]{40}/) != nil)
    #expect(
      (json["user_code"] as? String)?.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
    #expect(json["verification_uri"] as? String == "http://127.0.0.1:9399/github/login/device")
    #expect(json["expires_in"] as? Int == 900)
    #expect(json["interval"] as? Int == 5)
    #expect(json["verification_uri_complete"] == nil)
    // Form-encoded without `Accept: application/json`, as GitHub.
    let form = await harness.post("/github/login/device/code", ["client_id": EmulatorSetup.githubClientID])
    #expect(form.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true)
    let fields = try #require(FormParameters.parse(EmulatorHarness.text(form)))
    #expect(fields["interval"] == "5")
    #expect(fields["device_code"] != device)
  }

  @Test func anUnknownClientGetsNoCode() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.githubDeviceCode(clientID: "someone-else")
    #expect(response.status == 400)
    #expect(Self.error(response) == "incorrect_client_credentials")
  }

  @Test func pollsArePendingWithHTTP200AndSlowDownWhenEarly() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness)
    let first = await harness.githubPoll(code.device)
    #expect(first.status == 200)
    #expect(Self.error(first) == "authorization_pending")
    harness.clock.advance(by: 4)
    let early = await harness.githubPoll(code.device)
    #expect(early.status == 200)
    #expect(Self.error(early) == "slow_down")
    #expect(EmulatorHarness.json(early)["interval"] as? Int == 10)  // RFC 8628 §3.5: 5 more
    harness.clock.advance(by: 10)
    #expect(Self.error(await harness.githubPoll(code.device)) == "authorization_pending")
    harness.clock.advance(by: 9)
    let again = await harness.githubPoll(code.device)
    #expect(Self.error(again) == "slow_down")
    #expect(EmulatorHarness.json(again)["interval"] as? Int == 15)
  }

  @Test func intervalZeroNeverSlowsDown() async throws {
    let harness = try EmulatorHarness(deviceFlow: DeviceFlowSettings(interval: 0))
    let code = try await Self.code(harness)
    for _ in 0..<3 { #expect(Self.error(await harness.githubPoll(code.device)) == "authorization_pending") }
  }

  @Test func approvedAtThePageGivesOneToken() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness)
    _ = await harness.githubPoll(code.device)
    // The page fills the code in from the query.
    let form = await harness.get(Self.page, ["user_code": code.user])
    #expect(form.status == 200)
    #expect(EmulatorHarness.text(form).contains("name=\"user_code\" value=\"\(code.user)\""))
    // Case and the dash do not matter (RFC 8628 §6.1).
    let typed = code.user.lowercased().replacingOccurrences(of: "-", with: "")
    let consent = try await harness.enterUserCode(typed, at: Self.page)
    #expect(consent.html.contains(code.user))
    #expect(consent.identities == [Self.mona])
    let answer = await harness.answer(consent, ["action": "approve", "identity": Self.mona])
    #expect(answer.status == 200)
    #expect(EmulatorHarness.text(answer).contains("Approved — you can close this tab"))
    // Approved: the next poll gets the token even though it is early.
    let token = EmulatorHarness.json(await harness.githubPoll(code.device))
    let accessToken = try #require(token["access_token"] as? String)
    #expect(accessToken.hasPrefix("gho_"))
    #expect(token["token_type"] as? String == "bearer")
    #expect(token["scope"] as? String == "read:user,user:email")
    let user = await harness.emulator.handle(
      HTTPRequest(
        url: URL(string: "http://127.0.0.1:9399/github/api/user")!, headers: [("Authorization", "token \(accessToken)")]
      ))
    #expect(EmulatorHarness.json(user)["login"] as? String == "octocat")
    // Single use.
    #expect(Self.error(await harness.githubPoll(code.device)) == "incorrect_device_code")
    #expect(await harness.post(Self.page, ["user_code": code.user]).status == 409)
  }

  @Test func aFormEncodedPollGetsAFormEncodedToken() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness)
    _ = try await harness.answerDevice(code.user, at: Self.page, as: Self.mona)
    let response = await harness.post(
      "/github/login/oauth/access_token",
      [
        "client_id": EmulatorSetup.githubClientID, "device_code": code.device,
        "grant_type": EmulatorHarness.deviceGrant,
      ])
    let fields = try #require(FormParameters.parse(EmulatorHarness.text(response)))
    #expect(fields["access_token"]?.hasPrefix("gho_") == true)
  }

  @Test func deniedIsAccessDenied() async throws {
    let harness = try EmulatorHarness()
    let code = try await Self.code(harness)
    let answer = try await harness.answerDevice(code.user, at: Self.page, as: nil)
    #expect(answer.status == 200)
    #expect(EmulatorHarness.text(answer).contains("Denied — you can close this tab"))
    let poll = await harness.githubPoll(code.device)
    #expect(poll.status == 200)
    #expect(Self.error(poll) == "access_denied")
    #expect(await harness.post(Self.page, ["user_code": code.user]).status == 409)
  }

  @Test func anExpiredCodeIsExpiredTokenAndGoneFromThePage() async throws {
    let harness = try EmulatorHarness(deviceFlow: DeviceFlowSettings(expiresIn: 60))
    let response = await harness.githubDeviceCode()
    #expect(EmulatorHarness.json(response)["expires_in"] as? Int == 60)
    let device = try #require(EmulatorHarness.json(response)["device_code"] as? String)
    let user = try #require(EmulatorHarness.json(response)["user_code"] as? String)
    let consent = try await harness.enterUserCode(user, at: Self.page)
    harness.clock.advance(by: 60)
    #expect(Self.error(await harness.githubPoll(device)) == "expired_token")
    #expect(await harness.post(Self.page, ["user_code": user]).status == 410)
    // A consent page opened before the expiry cannot approve it either.
    #expect(await harness.answer(consent, ["action": "approve", "identity": Self.mona]).status == 410)
  }

  @Test func unknownCodesAndBrokenPolls() async throws {
    let harness = try EmulatorHarness(
      configuration: """
        [providers."github.com"]
        client_id = "other-app"
        """)
    let code = try await Self.code(harness)
    #expect(Self.error(await harness.githubPoll("0123456789abcdef0123456789abcdef01234567")) == "incorrect_device_code")
    // Another client's device code.
    #expect(Self.error(await harness.githubPoll(code.device, clientID: "other-app")) == "incorrect_device_code")
    #expect(Self.error(await harness.githubPoll(code.device, clientID: "nobody")) == "incorrect_client_credentials")
    let missing = await harness.post(
      "/github/login/oauth/access_token",
      ["client_id": EmulatorSetup.githubClientID, "grant_type": EmulatorHarness.deviceGrant],
      headers: [("Accept", "application/json")])
    #expect(Self.error(missing) == "invalid_request")
    let wrongGrant = await harness.post(
      "/github/login/oauth/access_token",
      ["client_id": EmulatorSetup.githubClientID, "device_code": code.device, "grant_type": "authorization_code"],
      headers: [("Accept", "application/json")])
    #expect(Self.error(wrongGrant) == "unsupported_grant_type")
    // Still pending after all that: none of it touched the code.
    #expect(Self.error(await harness.githubPoll(code.device)) == "authorization_pending")
    let unknown = await harness.post(Self.page, ["user_code": "BBBB-BBBB"])
    #expect(unknown.status == 404)
    #expect(EmulatorHarness.text(unknown).contains("No such code"))
  }

  @Test func thePageEscapesWhatItIsGiven() async throws {
    let harness = try EmulatorHarness()
    let evil = "\"><script>alert(1)</script>"
    for response in [
      await harness.get(Self.page, ["user_code": evil]), await harness.post(Self.page, ["user_code": evil]),
    ] {
      let html = EmulatorHarness.text(response)
      #expect(!html.contains("<script>"))
      #expect(html.contains("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
      #expect(response.header("content-security-policy")?.contains("form-action 'self';") == true)
    }
  }

  @Test func thePageTakesGetAndPostOnly() async throws {
    let harness = try EmulatorHarness()
    let response = await harness.emulator.handle(
      HTTPRequest(method: "PUT", url: URL(string: "http://127.0.0.1:9399\(Self.page)")!))
    #expect(response.status == 405)
    #expect(await harness.get("/github/login/device/code").status == 405)
  }
}
