import Foundation

/// Sends requests to a provider and sorts out its answer: transport failures, redirects, server errors
/// and unreadable bodies become distinct `AuthError`s; nothing secret goes into them.
struct ProviderHTTP: Sendable {
  let transport: any HTTPTransport
  /// The app's (`AppIdentity.userAgent`), on every request that has none.
  let userAgent: String

  /// Sends `request` and returns the response whatever its status (3xx included).
  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var request = request
    if request.header("User-Agent") == nil { request.headers.append(("User-Agent", userAgent)) }
    return try await transport.send(request)
  }

  /// Sends `request` and returns the JSON body of a 2xx answer.
  func json(_ request: HTTPRequest, what: String) async throws -> JSONValue {
    let response = try await send(request)
    try Self.requireSuccess(response, what: what)
    guard let value = JSONValue.parse(response.body) else {
      throw AuthError(.invalidProviderResponse, origin: .parsing, detail: "\(what) did not answer with JSON")
    }
    return value
  }

  /// Throws for anything but 2xx: 3xx is refused (never followed), 401/403 is a rejected credential.
  static func requireSuccess(_ response: HTTPResponse, what: String) throws {
    switch response.status {
    case 200..<300: return
    case 300..<400:
      throw status(
        .invalidProviderResponse, response, detail: "\(what) answered with a redirect, which is not followed")
    case 401, 403:
      throw status(.invalidCredential, response, detail: "\(what) refused the credential")
    default:
      throw status(.invalidProviderResponse, response, detail: "\(what) failed")
    }
  }

  /// `code` for an unexpected HTTP status.
  static func status(_ code: AuthErrorCode, _ response: HTTPResponse, detail: String) -> AuthError {
    AuthError(code, origin: .providerResponse, payload: .httpStatus(response.status), detail: detail)
  }
}
