import AuthEngine
import Foundation

/// The device authorization endpoints (RFC 8628 §3.1, §3.2): GitHub's `POST /login/device/code` and the
/// OpenID issuers' `POST /device_authorization`.
extension ProviderEmulator {
  /// GitHub's device code request: form `client_id` (no secret) and `scope`. Answers `device_code` (40
  /// hex characters), `user_code` (`XXXX-XXXX`), `verification_uri` (the page), `expires_in` and
  /// `interval`, without `verification_uri_complete` (as GitHub); form-encoded unless
  /// `Accept: application/json`. An unknown `client_id` is 400 `incorrect_client_credentials`.
  func githubDeviceCode(_ request: HTTPRequest) -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    let reply = GitHubReply(request)
    guard let client = client(.github, EmulatorHTTP.single("client_id", in: form)) else {
      return reply.failure(
        OAuthErrorResponse(error: "incorrect_client_credentials", errorDescription: "The client_id is not valid."),
        uri: GitHubReply.deviceErrorsURI, status: 400)
    }
    let deviceCode = random.bytes(20).map { String(format: "%02x", $0) }.joined()
    let issued = issueDeviceCode(deviceCode, .github, clientID: client.clientID, scopes: Self.scopes(form))
    return reply.answer([
      ("device_code", deviceCode), ("user_code", issued.userCode),
      ("verification_uri", root + DeviceProvider.github.pagePath), ("expires_in", deviceFlow.expiresIn),
      ("interval", issued.interval),
    ])
  }

  /// RFC 8628 §3.1 at an OpenID issuer: client authentication as at the token endpoint, form `scope`
  /// (default `openid`; without `openid`: 400 `invalid_scope`). Answers JSON with
  /// `verification_uri_complete` (§3.3.1) too.
  func oidcDeviceAuthorization(_ issuer: OIDCIssuer, _ request: HTTPRequest) -> HTTPResponse {
    let form = EmulatorHTTP.form(of: request)
    let client: EmulatorClient
    switch authenticatedOIDCClient(request, form) {
    case .failure(let refusal): return refusal.response
    case .success(let value): client = value
    }
    let scopes = form["scope"] == nil ? ["openid"] : Self.scopes(form)
    guard scopes.contains("openid") else {
      return Self.oidcTokenFailure(
        OAuthErrorResponse(error: "invalid_scope", errorDescription: "The openid scope is required."))
    }
    let deviceCode = random.token(bytes: 32)
    let provider = DeviceProvider.oidc(issuer)
    let issued = issueDeviceCode(deviceCode, provider, clientID: client.clientID, scopes: scopes)
    let page = URL(string: root + provider.pagePath)!
    return EmulatorHTTP.json(
      [
        "device_code": deviceCode, "user_code": issued.userCode, "verification_uri": page.absoluteString,
        "verification_uri_complete": page.appendingQuery(["user_code": issued.userCode]).absoluteString,
        "expires_in": deviceFlow.expiresIn, "interval": issued.interval,
      ], headers: ["Cache-Control": "no-store"])
  }

  /// Keeps a new pending authorization under `deviceCode`, with a user code no other one has.
  private func issueDeviceCode(
    _ deviceCode: String, _ provider: DeviceProvider, clientID: String, scopes: [String]
  ) -> DeviceAuthorization {
    var userCode = DeviceAuthorization.newUserCode(random: random)
    while deviceCodes[DeviceAuthorization.normalized(userCode)] != nil {
      userCode = DeviceAuthorization.newUserCode(random: random)
    }
    let issued = DeviceAuthorization(
      provider: provider, clientID: clientID, scopes: scopes, userCode: userCode,
      expiresAt: now() + TimeInterval(deviceFlow.expiresIn), interval: deviceFlow.interval, lastPoll: nil,
      decision: .pending)
    devices[deviceCode] = issued
    deviceCodes[DeviceAuthorization.normalized(userCode)] = deviceCode
    return issued
  }

  /// `scope`, space- (or, as GitHub takes it, comma-) separated.
  static func scopes(_ form: FormParameters) -> [String] {
    (EmulatorHTTP.single("scope", in: form) ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
  }
}
