import Foundation

/// RFC 6749 §5.1 successful token response (OIDC Core §3.1.3.3 adds `id_token`).
struct TokenResponse: Sendable {
  var accessToken: AccessToken
  var tokenType: String
  var expiresIn: TimeInterval?
  var refreshToken: RefreshToken?
  var scope: [String]?
  var idToken: IDToken?

  /// Reads a JSON object or a form-encoded body (GitHub without `Accept: application/json`).
  /// Returns `.failure` with the §5.2 error when the body is an error even under HTTP 200, or with
  /// `auth/invalid-provider-response` when `expires_in` is out of range (`ServerNumber`).
  static func parse(_ response: HTTPResponse) -> Result<TokenResponse, AuthError>? {
    guard let fields = fields(of: response) else { return nil }
    if let error = fields["error"]?.string {
      return .failure(
        TokenErrorMapping.error(
          OAuthErrorResponse(
            error: error, errorDescription: fields["error_description"]?.string, errorURI: fields["error_uri"]?.string),
          refreshing: false))
    }
    guard let access = fields["access_token"]?.string, !access.isEmpty,
      let type = fields["token_type"]?.string, !type.isEmpty
    else { return nil }
    let expires: TimeInterval?
    do {
      expires = try ServerNumber.read(fields["expires_in"], "expires_in", within: ServerNumber.lifetime)
    } catch {
      return .failure(error)
    }
    return .success(
      TokenResponse(
        accessToken: AccessToken(access), tokenType: type, expiresIn: expires,
        refreshToken: fields["refresh_token"]?.string.flatMap { $0.isEmpty ? nil : RefreshToken($0) },
        scope: fields["scope"]?.string.map(ScopeList.parse),
        idToken: fields["id_token"]?.string.map(IDToken.init)))
  }

  /// The body's top-level fields, from JSON or `application/x-www-form-urlencoded`. A form body counts
  /// only when it has one of `recognised` (a token response's fields by default).
  static func fields(of response: HTTPResponse, recognising recognised: [String] = ["access_token", "error"])
    -> [String: JSONValue]?
  {
    if response.mediaType == "application/x-www-form-urlencoded" || response.mediaType == "text/plain" {
      if let form = FormParameters.parse(String(decoding: response.body, as: UTF8.self)),
        recognised.contains(where: { form[$0] != nil })
      {
        return Dictionary(
          form.pairs.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { first, _ in first })
      }
    }
    return JSONValue.parse(response.body)?.object
  }
}

/// Scope strings: RFC 6749 §3.3 separates with spaces; GitHub answers with commas.
enum ScopeList {
  static func parse(_ text: String) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
  }
}

/// RFC 6749 §5.2 error → `AuthError`.
enum TokenErrorMapping {
  static func error(_ response: OAuthErrorResponse, refreshing: Bool) -> AuthError {
    let code: AuthErrorCode
    switch response.error {
    case "invalid_grant", "bad_verification_code", "bad_refresh_token":
      code = refreshing ? .userTokenExpired : .invalidCredential
    case "invalid_client", "unauthorized_client", "incorrect_client_credentials":
      code = .invalidClient
    case "redirect_uri_mismatch":
      code = .invalidConfiguration
    default: code = .providerError
    }
    return AuthError(code, origin: .providerResponse, payload: .providerError(response))
  }
}
