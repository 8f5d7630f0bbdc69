import Foundation

/// Identity Toolkit's REST API (v1) and the Secure Token API of one Firebase project: JSON requests
/// with the API key in `?key=`, answers checked and errors mapped (`IdentityToolkitErrors`). Nothing
/// it sends or receives is logged.
struct IdentityToolkitClient: Sendable {
  let settings: FirebaseSettings
  let endpoints: IdentityToolkitEndpoints
  let http: ProviderHTTP

  init(settings: FirebaseSettings, transport: any HTTPTransport, userAgent: String) {
    self.settings = settings
    endpoints = IdentityToolkitEndpoints(settings)
    http = ProviderHTTP(transport: transport, userAgent: userAgent)
  }

  /// `POST accounts:OPERATION` with `fields` (and the configuration's `tenantId`). Returns the answer of
  /// an HTTP 200, which may still be a failure (`needConfirmation`, `errorMessage`): the caller decides.
  func accounts(_ operation: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
    try await post(endpoints.accounts(operation), fields)
  }

  /// `POST v2/accounts/OPERATION` (the second factor's operations), like `accounts(_:_:)`.
  func accountsV2(_ operation: String, _ fields: [String: JSONValue]) async throws -> JSONValue {
    try await post(endpoints.accountsV2(operation), fields)
  }

  private func post(_ url: URL, _ fields: [String: JSONValue]) async throws -> JSONValue {
    var body = fields
    if let tenant = settings.tenantID { body["tenantId"] = .string(tenant) }
    return try await send(
      HTTPRequest(
        method: "POST", url: url,
        headers: [("Content-Type", "application/json"), ("Accept", "application/json")],
        body: try JSONEncoder().encode(JSONValue.object(body))))
  }

  /// The Secure Token API: a new ID token for `refreshToken` (form-encoded, as its REST reference).
  func token(refreshToken: RefreshToken) async throws -> JSONValue {
    let form: FormParameters = ["grant_type": "refresh_token", "refresh_token": refreshToken.reveal()]
    return try await send(
      HTTPRequest(
        method: "POST", url: endpoints.token,
        headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json")],
        body: Data(form.encoded.utf8)))
  }

  /// The JWK Set that verifies the project's ID tokens.
  func publicKeys() async throws -> JSONValue {
    try await send(HTTPRequest(url: endpoints.publicKeys, headers: [("Accept", "application/json")]))
  }

  private func send(_ request: HTTPRequest) async throws -> JSONValue {
    let response = try await http.send(request)
    guard response.status == 200 else {
      guard (300..<400).contains(response.status) else {
        throw IdentityToolkitErrors.error(status: response.status, body: response.body)
      }
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, payload: .httpStatus(response.status),
        detail: "Identity Toolkit answered with a redirect, which is not followed")
    }
    guard let value = JSONValue.parse(response.body), value.object != nil else {
      throw AuthError(
        .invalidProviderResponse, origin: .accountServer, payload: .httpStatus(response.status),
        detail: "Identity Toolkit did not answer with a JSON object")
    }
    return value
  }
}
