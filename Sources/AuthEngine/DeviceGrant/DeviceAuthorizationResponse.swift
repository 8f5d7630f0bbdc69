import Foundation

/// RFC 8628 §3.2 device authorization response: the device code (a secret, kept here), the prompt
/// (what the user sees) and the polling interval.
struct DeviceAuthorizationResponse: Sendable {
  /// §3.2: polls wait this long when the response names no `interval`.
  static let defaultInterval: TimeInterval = 5
  /// RFC 8628 §6.1 user codes are short; a longer one is not a user code.
  static let maximumUserCodeLength = 64

  var deviceCode: DeviceCode
  var userCode: String
  var verificationURI: URL
  var verificationURIComplete: URL?
  var expiresIn: TimeInterval
  var interval: TimeInterval

  /// The prompt of this response, which arrived at `now`.
  func prompt(receivedAt now: Date) -> DeviceAuthorizationPrompt {
    DeviceAuthorizationPrompt(
      verificationURI: verificationURI, userCode: userCode, verificationURIComplete: verificationURIComplete,
      expiresIn: .milliseconds(Int64((expiresIn * 1000).rounded())), expiresAt: now + expiresIn)
  }

  /// Reads the endpoint's answer: §3.2 on success, an RFC 6749 §5.2 error (§3.2 refers to it) otherwise.
  /// A provider that refuses this client the grant (`unauthorized_client`, GitHub's
  /// `device_flow_disabled`) gives `auth/operation-not-allowed`; other errors and statuses the same codes
  /// as the token endpoint (`TokenClient.interpret`).
  static func interpret(_ response: HTTPResponse) throws -> DeviceAuthorizationResponse {
    let fields = TokenResponse.fields(of: response, recognising: ["device_code", "error"])
    if let error = fields?["error"]?.string, [200, 400, 401].contains(response.status) {
      throw refusal(
        OAuthErrorResponse(
          error: error, errorDescription: fields?["error_description"]?.string, errorURI: fields?["error_uri"]?.string))
    }
    try ProviderHTTP.requireSuccess(response, what: "the device authorization endpoint")
    guard let fields, let parsed = try parse(fields) else {
      throw AuthError(
        .invalidProviderResponse, origin: .parsing,
        detail: "the device authorization endpoint's answer is not a device authorization response")
    }
    return parsed
  }

  static func refusal(_ response: OAuthErrorResponse) -> AuthError {
    switch response.error {
    case "unauthorized_client", "device_flow_disabled":
      AuthError(.operationNotAllowed, origin: .providerResponse, payload: .providerError(response))
    default: TokenErrorMapping.error(response, refreshing: false)
    }
  }

  /// The §3.2 fields, or nil when one is missing or unusable: the URIs must be https (or loopback http)
  /// and the user code printable ASCII, since both are shown to the user as they are. `expires_in` and
  /// `interval` out of range (`ServerNumber`) throw `auth/invalid-provider-response`.
  static func parse(_ fields: [String: JSONValue]) throws -> DeviceAuthorizationResponse? {
    func uri(_ key: String) -> URL? {
      fields[key]?.string.flatMap(URL.init(string:)).flatMap { EndpointPolicy.isAllowed($0) ? $0 : nil }
    }
    guard let deviceCode = fields["device_code"]?.string, !deviceCode.isEmpty,
      let userCode = fields["user_code"]?.string, isDisplayable(userCode),
      // Google names it `verification_url`.
      let verificationURI = uri("verification_uri") ?? uri("verification_url"),
      let expiresIn = try ServerNumber.read(fields["expires_in"], "expires_in", within: ServerNumber.lifetime)
    else { return nil }
    if fields["verification_uri_complete"] != nil, uri("verification_uri_complete") == nil { return nil }
    let interval =
      try ServerNumber.read(fields["interval"], "interval", within: ServerNumber.interval) ?? defaultInterval
    return DeviceAuthorizationResponse(
      deviceCode: DeviceCode(deviceCode), userCode: userCode, verificationURI: verificationURI,
      verificationURIComplete: uri("verification_uri_complete"), expiresIn: expiresIn,
      interval: interval)
  }

  /// Printable ASCII without spaces, at most `maximumUserCodeLength` characters: nothing that could
  /// move a terminal's cursor or look like another text.
  static func isDisplayable(_ code: String) -> Bool {
    !code.isEmpty && code.utf8.count <= maximumUserCodeLength
      && code.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
  }
}
