import AuthEngine
import Foundation

/// Reading requests and writing responses, the way the emulated providers do.
enum EmulatorHTTP {
  /// The request's path, still percent-encoded.
  static func path(of request: HTTPRequest) -> String {
    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? request.url.path
  }

  static func query(of request: HTTPRequest) -> FormParameters {
    FormParameters.query(of: request.url) ?? FormParameters()
  }

  /// The `application/x-www-form-urlencoded` body (empty for any other type).
  static func form(of request: HTTPRequest) -> FormParameters {
    guard
      let type = request.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        .lowercased(), type == "application/x-www-form-urlencoded", let body = request.body
    else { return FormParameters() }
    return FormParameters.parse(String(decoding: body, as: UTF8.self)) ?? FormParameters()
  }

  /// A value that is present once (RFC 6749 §3.1: parameters must not be repeated).
  static func single(_ name: String, in parameters: FormParameters) -> String? {
    parameters.count(of: name) == 1 ? parameters[name] : nil
  }

  /// `Authorization: Bearer X` (RFC 6750 §2.1); GitHub also takes `token X`.
  static func bearer(_ request: HTTPRequest, allowTokenScheme: Bool = false) -> String? {
    guard let value = request.header("Authorization") else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let scheme = parts[0].lowercased()
    guard scheme == "bearer" || (allowTokenScheme && scheme == "token") else { return nil }
    return parts[1].trimmingCharacters(in: .whitespaces)
  }

  /// `Authorization: Basic` (RFC 6749 §2.3.1: each part form-encoded before base64).
  static func basic(_ request: HTTPRequest) -> (id: String, secret: String)? {
    guard let value = request.header("Authorization"), value.lowercased().hasPrefix("basic "),
      let decoded = Data(base64Encoded: String(value.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
      let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":"),
      let id = PercentEncoding.decode(text[..<colon], plusAsSpace: true),
      let secret = PercentEncoding.decode(text[text.index(after: colon)...], plusAsSpace: true)
    else { return nil }
    return (id, secret)
  }

  static func json(_ object: Any, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
    let body =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return HTTPResponse(
      status: status, headers: headers.merging(["Content-Type": "application/json; charset=utf-8"]) { $1 },
      body: body)
  }

  static func form(_ parameters: FormParameters, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
    HTTPResponse(
      status: status,
      headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"]) { $1 },
      body: Data(parameters.encoded.utf8))
  }

  static func text(_ text: String, status: Int) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data(text.utf8))
  }

  /// A 302 to `location`, never cached.
  static func redirect(_ location: URL) -> HTTPResponse {
    HTTPResponse(
      status: 302,
      headers: ["Location": location.absoluteString, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer"])
  }

  /// An HTML page with the emulator's security headers. `formTargets` are added to the CSP's
  /// `form-action`: a browser applies `form-action` to the redirect that follows a form POST too
  /// (CSP Level 3 §6.3.1), so the consent page must allow the client's redirect URI there.
  static func html(_ page: String, status: Int = 200, formTargets: [String] = []) -> HTTPResponse {
    let formAction = (["'self'"] + formTargets).joined(separator: " ")
    return HTTPResponse(
      status: status,
      headers: [
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy":
          "default-src 'none'; style-src 'unsafe-inline'; form-action \(formAction); frame-ancestors 'none'",
        "Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
      ], body: Data(page.utf8))
  }

  /// RFC 6749 §4.1.2.1: an error the redirect URI cannot be trusted for is shown, never redirected.
  static func errorPage(_ title: String, _ message: String, status: Int = 400) -> HTTPResponse {
    html(
      ConsentPage.document(title: title, body: "<p class=\"error\">\(ConsentPage.escape(message))</p>"), status: status)
  }

  static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
    var response = text("Method Not Allowed", status: 405)
    response.headers["allow"] = allowed
    return response
  }

  /// Compares two strings in time independent of where they differ.
  static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
    StoredSecret(lhs).constantTimeEquals(rhs)
  }
}
