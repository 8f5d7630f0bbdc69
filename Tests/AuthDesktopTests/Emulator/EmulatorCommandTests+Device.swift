import AuthEmulator
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The device flow (RFC 8628) at the real `auth-desktop emulator` process, the user played at its
/// device page over real HTTP.
extension EmulatorCommandTests {
  static func post(_ url: URL, _ form: FormParameters) async throws -> (status: Int, json: [String: Any]) {
    let response = try await transport.send(
      HTTPRequest(
        method: "POST", url: url,
        headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
        body: Data(form.encoded.utf8)))
    return (response.status, (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:])
  }

  @Test func gitHubDeviceFlowThroughTheCommand() async throws {
    let emulator = try Emulator(try CLIRunner(), ["--port", "0", "--device-interval", "0"])
    let code = try await Self.post(
      emulator.base.appendingPathComponent("github/login/device/code"),
      ["client_id": EmulatorSetup.githubClientID, "scope": "read:user"])
    #expect(code.json["interval"] as? Int == 0)
    let deviceCode = try #require(code.json["device_code"] as? String)
    let userCode = try #require(code.json["user_code"] as? String)
    let page = try #require((code.json["verification_uri"] as? String).flatMap(URL.init(string:)))
    #expect(page == emulator.base.appendingPathComponent("github/login/device"))
    let tokenURL = emulator.base.appendingPathComponent("github/login/oauth/access_token")
    let poll: FormParameters = [
      "client_id": EmulatorSetup.githubClientID, "device_code": deviceCode, "grant_type": DeviceFlowSettings.grantType,
    ]
    let pending = try await Self.post(tokenURL, poll)
    #expect(pending.status == 200)
    #expect(pending.json["error"] as? String == "authorization_pending")
    let answered = try await Browser.approveDevice(page, userCode: userCode, as: "Mona Octocat <octocat@example.com>")
    #expect(answered.contains("Approved — you can close this tab"))
    let token = try await Self.post(tokenURL, poll)
    let accessToken = try #require(token.json["access_token"] as? String, "\(token.json)")
    let user = try await Self.transport.send(
      HTTPRequest(
        url: emulator.base.appendingPathComponent("github/api/user"),
        headers: [("Authorization", "token \(accessToken)")]))
    #expect((try JSONSerialization.jsonObject(with: user.body) as? [String: Any])?["login"] as? String == "octocat")
    #expect(try await Self.post(tokenURL, poll).json["error"] as? String == "incorrect_device_code")
    #expect(try await emulator.stop().status == 0)
  }

  @Test func openIDDeviceFlowDeniedThroughTheCommand() async throws {
    let emulator = try Emulator(try CLIRunner())
    let code = try await Self.post(
      emulator.base.appendingPathComponent("oidc/device_authorization"),
      ["client_id": EmulatorSetup.oidcClientID, "scope": "openid email"])
    #expect(code.json["interval"] as? Int == 5)
    let deviceCode = try #require(code.json["device_code"] as? String)
    let complete = try #require((code.json["verification_uri_complete"] as? String).flatMap(URL.init(string:)))
    let answered = try await Browser.denyDevice(complete)
    #expect(answered.contains("Denied — you can close this tab"))
    let poll = try await Self.post(
      emulator.base.appendingPathComponent("oidc/token"),
      ["client_id": EmulatorSetup.oidcClientID, "device_code": deviceCode, "grant_type": DeviceFlowSettings.grantType])
    #expect(poll.status == 400)
    #expect(poll.json["error"] as? String == "access_denied")
    #expect(try await emulator.stop().status == 0)
  }
}
