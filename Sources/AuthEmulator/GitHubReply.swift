import AuthEngine
import Foundation

/// How GitHub answers at `/login/oauth/access_token` and `/login/device/code`: JSON only with
/// `Accept: application/json`, otherwise form-encoded; never cached.
struct GitHubReply {
  static let tokenErrorsURI =
    "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors"
  static let deviceErrorsURI =
    "https://docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps#error-codes-for-the-device-flow"

  let json: Bool

  init(_ request: HTTPRequest) {
    json = request.header("Accept")?.lowercased().contains("application/json") ?? false
  }

  /// `fields` in order; `Int` values stay numbers in JSON.
  func answer(_ fields: [(String, any Sendable)], status: Int = 200) -> HTTPResponse {
    let headers = ["Cache-Control": "no-store"]
    guard json else {
      return EmulatorHTTP.form(
        FormParameters(fields.map { (name: $0.0, value: "\($0.1)") }), status: status, headers: headers)
    }
    return EmulatorHTTP.json(Dictionary(fields, uniquingKeysWith: { $1 }), status: status, headers: headers)
  }

  /// GitHub's error answer: HTTP 200 at the token endpoint (GitHub's quirk), `extra` after the three
  /// usual fields (a `slow_down`'s new `interval`).
  func failure(
    _ error: OAuthErrorResponse, uri: String = tokenErrorsURI, extra: [(String, any Sendable)] = [],
    status: Int = 200
  ) -> HTTPResponse {
    answer(
      [("error", error.error), ("error_description", error.errorDescription ?? ""), ("error_uri", uri)] + extra,
      status: status)
  }
}
