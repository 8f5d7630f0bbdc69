import AuthEngine
import Foundation
import Testing

@testable import AuthEmulator

/// The device flow driven by hand against `EmulatorHarness`: ask for a code, poll, play the user at
/// the verification page.
extension EmulatorHarness {
  static let deviceGrant = DeviceFlowSettings.grantType

  /// GitHub's `POST /login/device/code` (JSON answer).
  func githubDeviceCode(clientID: String = EmulatorSetup.githubClientID, scope: String = "read:user user:email")
    async -> HTTPResponse
  {
    await post(
      "/github/login/device/code", ["client_id": clientID, "scope": scope], headers: [("Accept", "application/json")])
  }

  /// A GitHub poll of `deviceCode` (JSON answer).
  func githubPoll(_ deviceCode: String, clientID: String = EmulatorSetup.githubClientID) async -> HTTPResponse {
    await post(
      "/github/login/oauth/access_token",
      ["client_id": clientID, "device_code": deviceCode, "grant_type": Self.deviceGrant],
      headers: [("Accept", "application/json")])
  }

  /// An OpenID issuer's device authorization request for the built-in public client.
  func oidcDeviceCode(issuer: String = "/oidc", scope: String? = "openid email profile") async -> HTTPResponse {
    var form: FormParameters = ["client_id": EmulatorSetup.oidcClientID]
    form.append("scope", scope)
    return await post(issuer + "/device_authorization", form)
  }

  func oidcPoll(_ deviceCode: String, issuer: String = "/oidc") async -> HTTPResponse {
    await post(
      issuer + "/token",
      ["client_id": EmulatorSetup.oidcClientID, "device_code": deviceCode, "grant_type": Self.deviceGrant])
  }

  /// Types `userCode` at the page `pagePath` and returns the consent page it leads to.
  func enterUserCode(_ userCode: String, at pagePath: String) async throws -> ConsentForm {
    let response = await post(pagePath, ["user_code": userCode])
    #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    return try ConsentForm(response)
  }

  /// The user's whole visit: the code at the page, then "Sign in as" `identity` (or deny, when nil).
  func answerDevice(_ userCode: String, at pagePath: String, as identity: String?) async throws -> HTTPResponse {
    let page = try await enterUserCode(userCode, at: pagePath)
    let fields: FormParameters = identity.map { ["action": "approve", "identity": $0] } ?? ["action": "deny"]
    return await answer(page, fields)
  }

  static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }
}
