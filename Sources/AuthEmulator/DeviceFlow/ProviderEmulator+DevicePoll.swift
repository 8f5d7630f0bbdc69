import AuthEngine
import Foundation

/// Why a device flow poll got no token (RFC 8628 §3.5), before each flavour names it.
enum DevicePollRefusal: Error {
  case missingCode
  /// Unknown, already redeemed, or another client's (or issuer's) device code.
  case unknownCode
  case expired
  case denied
  case pending
  /// Polled sooner than the interval: the interval is now `interval`.
  case slowDown(interval: Int)
}

/// Polls of the token endpoint with the device grant (RFC 8628 §3.4, §3.5).
extension ProviderEmulator {
  /// Checks, in Authlib's order, expiry, the user's decision, then the interval: an approved code gets
  /// its token even from an early poll. The token is given once (the code is then redeemed).
  func pollDevice(_ form: FormParameters, client: EmulatorClient, provider: DeviceProvider) -> Result<
    (identity: EmulatorIdentity, approvedAt: Date, scopes: [String]), DevicePollRefusal
  > {
    guard let code = EmulatorHTTP.single("device_code", in: form) else { return .failure(.missingCode) }
    guard var record = devices[code], record.provider == provider, record.clientID == client.clientID else {
      return .failure(.unknownCode)
    }
    let now = now()
    switch record.decision {
    case .redeemed: return .failure(.unknownCode)
    case _ where record.expiresAt <= now: return .failure(.expired)
    case .denied: return .failure(.denied)
    case .approved(let identity, let at):
      record.decision = .redeemed
      devices[code] = record
      return .success((identity, at, record.scopes))
    case .pending:
      defer { devices[code] = record }
      let early =
        record.interval > 0 && record.lastPoll.map { now.timeIntervalSince($0) < Double(record.interval) } ?? false
      record.lastPoll = now
      guard !early else {
        record.interval += DeviceFlowSettings.slowDownStep
        return .failure(.slowDown(interval: record.interval))
      }
      return .failure(.pending)
    }
  }

  /// GitHub's poll: form `client_id`, `device_code`, `grant_type`; every error with HTTP 200
  /// (`authorization_pending`, `slow_down` with the new `interval`, `expired_token`, `access_denied`,
  /// `incorrect_device_code`, `incorrect_client_credentials`, `unsupported_grant_type`, `invalid_request`).
  func githubDevicePoll(_ form: FormParameters, reply: GitHubReply) -> HTTPResponse {
    guard let client = client(.github, EmulatorHTTP.single("client_id", in: form)) else {
      return reply.failure(Self.incorrectClientCredentials, uri: GitHubReply.deviceErrorsURI)
    }
    guard form["grant_type"] == DeviceFlowSettings.grantType else {
      return reply.failure(
        OAuthErrorResponse(error: "unsupported_grant_type", errorDescription: "The grant type is not supported."),
        uri: GitHubReply.deviceErrorsURI)
    }
    switch pollDevice(form, client: client, provider: .github) {
    case .success(let approved):
      return githubTokenAnswer(reply, clientID: client.clientID, identity: approved.identity, scopes: approved.scopes)
        .response
    case .failure(.slowDown(let interval)):
      return reply.failure(
        Self.deviceError(.slowDown(interval: interval), unknown: "incorrect_device_code"),
        uri: GitHubReply.deviceErrorsURI, extra: [("interval", interval)])
    case .failure(let refusal):
      return reply.failure(
        Self.deviceError(refusal, unknown: "incorrect_device_code"), uri: GitHubReply.deviceErrorsURI)
    }
  }

  /// The OpenID issuer's poll, for a client already authenticated: RFC 8628 §3.5 errors as HTTP 400
  /// JSON (`invalid_grant` for an unknown or used code, RFC 6749 §5.2); the token answer with an ID
  /// token (no `nonce`; `auth_time` is when the user approved).
  func oidcDevicePoll(_ issuer: OIDCIssuer, _ form: FormParameters, client: EmulatorClient) -> HTTPResponse {
    switch pollDevice(form, client: client, provider: .oidc(issuer)) {
    case .success(let approved):
      return oidcTokenAnswer(
        issuer, clientID: client.clientID, identity: approved.identity, scopes: approved.scopes, nonce: nil,
        authTime: approved.approvedAt
      ).response
    case .failure(let refusal):
      return Self.oidcTokenFailure(Self.deviceError(refusal, unknown: "invalid_grant"))
    }
  }

  static func deviceError(_ refusal: DevicePollRefusal, unknown: String) -> OAuthErrorResponse {
    switch refusal {
    case .missingCode: OAuthErrorResponse(error: "invalid_request", errorDescription: "The device_code is missing.")
    case .unknownCode:
      OAuthErrorResponse(error: unknown, errorDescription: "The device_code is not valid, or was already used.")
    case .expired: OAuthErrorResponse(error: "expired_token", errorDescription: "The device_code has expired.")
    case .denied: OAuthErrorResponse(error: "access_denied", errorDescription: "The user denied access.")
    case .pending:
      OAuthErrorResponse(error: "authorization_pending", errorDescription: "The user has not answered yet.")
    case .slowDown(let interval):
      OAuthErrorResponse(
        error: "slow_down", errorDescription: "Polled too often: wait at least \(interval) seconds between polls.")
    }
  }
}
