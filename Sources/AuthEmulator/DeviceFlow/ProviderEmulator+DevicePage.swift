import AuthEngine
import Foundation

/// The verification page (RFC 8628 §3.3): `GET` shows the form for the user code, `POST` of the code
/// shows the consent page, whose answer (`POST /consent`) approves or denies the device.
extension ProviderEmulator {
  func devicePageRoute(_ request: HTTPRequest, method: String, provider: DeviceProvider) async -> HTTPResponse {
    switch method {
    case "GET", "HEAD":
      return DevicePage.entry(
        provider: provider.provider, action: provider.pagePath,
        userCode: EmulatorHTTP.single("user_code", in: EmulatorHTTP.query(of: request)) ?? "")
    case "POST": return await deviceCodeEntered(request, provider: provider)
    default: return EmulatorHTTP.methodNotAllowed("GET, POST")
    }
  }

  /// Form `user_code` (case and `-` do not matter): the consent page for the device, or the form again
  /// with why not — 404 unknown (or another provider's), 410 expired, 409 already answered.
  private func deviceCodeEntered(_ request: HTTPRequest, provider: DeviceProvider) async -> HTTPResponse {
    let typed = EmulatorHTTP.single("user_code", in: EmulatorHTTP.form(of: request)) ?? ""
    switch awaitingAnswer(typed, at: provider) {
    case .failure(let problem):
      let (message, status) = DevicePage.problem(problem)
      return DevicePage.entry(
        provider: provider.provider, action: provider.pagePath, userCode: typed, error: message, status: status)
    case .success(let found):
      return await showConsent(
        .device(userCode: found.record.userCode), provider: provider.provider, clientID: found.record.clientID,
        redirectURI: "", scopes: found.record.scopes)
    }
  }

  /// The consent page's answer for a device: approve as `identity`, or deny (nil).
  func answerDevice(_ userCode: String, as identity: EmulatorIdentity?) -> HTTPResponse {
    switch awaitingAnswer(userCode, at: nil) {
    case .failure(let problem):
      let (message, status) = DevicePage.problem(problem)
      return EmulatorHTTP.errorPage("This device sign-in is no longer valid", message, status: status)
    case .success(var found):
      found.record.decision = identity.map { .approved($0, at: now()) } ?? .denied
      devices[found.deviceCode] = found.record
      return DevicePage.answered(userCode: found.record.userCode, approvedAs: identity)
    }
  }

  /// The pending, unexpired authorization `userCode` names (at `provider`'s page, when given).
  private func awaitingAnswer(_ userCode: String, at provider: DeviceProvider?) -> Result<
    (deviceCode: String, record: DeviceAuthorization), DeviceCodeProblem
  > {
    guard let deviceCode = deviceCodes[DeviceAuthorization.normalized(userCode)], let record = devices[deviceCode],
      provider == nil || record.provider == provider
    else { return .failure(.unknown) }
    guard record.expiresAt > now() else { return .failure(.expired) }
    guard case .pending = record.decision else { return .failure(.answered) }
    return .success((deviceCode, record))
  }
}
