import AuthEngine
import AuthURLSession
import Foundation
import Testing

/// The person at the provider emulator's consent page: fetches the authorization URL (the browser's
/// GET), submits one of the page's forms as a browser would (its hidden fields plus the chosen button),
/// and returns the redirect the emulator answers with (`Location`).
extension Browser {
  /// Chooses the listed identity whose button reads "Sign in as LABEL".
  public static func approve(_ authorizationURL: URL, as label: String) async throws -> URL {
    let page = try await consentPage(authorizationURL)
    let form = try #require(
      forms(in: page).first { $0.html.contains(">Sign in as \(escape(label))<") },
      "no identity \(label) on the consent page")
    return try await submit(form.fields + [("action", "approve")], to: authorizationURL)
  }

  /// Adds an identity with the page's form (and signs in with it): `email`, or the email of the
  /// identity whose key (`github:583231`) is `shareEmailWith`.
  public static func add(
    _ authorizationURL: URL, name: String, email: String? = nil, shareEmailWith: String? = nil
  ) async throws -> URL {
    let page = try await consentPage(authorizationURL)
    let form = try #require(forms(in: page).first { $0.html.contains("value=\"add\"") }, "no add form")
    var fields = form.fields + [("action", "add"), ("name", name)]
    if let email { fields.append(("email", email)) }
    if let shareEmailWith { fields.append(("share_email_with", shareEmailWith)) }
    return try await submit(fields, to: authorizationURL)
  }

  public static func deny(_ authorizationURL: URL) async throws -> URL {
    let page = try await consentPage(authorizationURL)
    let form = try #require(forms(in: page).first { $0.html.contains("value=\"deny\"") }, "no deny form")
    return try await submit(form.fields + [("action", "deny")], to: authorizationURL)
  }

  public static func consentPage(_ url: URL) async throws -> String {
    let response = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(HTTPRequest(url: url))
    #expect(response.status == 200, "the authorization URL answered \(response.status)")
    return String(decoding: response.body, as: UTF8.self)
  }

  struct Form {
    var html: String
    var fields: [(String, String)]
  }

  /// Each `<form>` with its hidden inputs (the page writes `name` before `value`, HTML-escaped).
  static func forms(in page: String) -> [Form] {
    page.components(separatedBy: "<form").dropFirst().map { chunk in
      let html = chunk.components(separatedBy: "</form>").first ?? ""
      let hidden = html.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)">/).map {
        (unescape(String($0.1)), unescape(String($0.2)))
      }
      return Form(html: html, fields: hidden)
    }
  }

  private static func submit(_ fields: [(String, String)], to authorizationURL: URL) async throws -> URL {
    let response = try await post(fields, to: "/consent", on: authorizationURL)
    let location = try #require(
      response.header("location").flatMap(URL.init(string:)),
      "the consent form answered \(response.status): \(String(decoding: response.body, as: UTF8.self).prefix(300))")
    return location
  }

  public static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// POSTs `fields` form-encoded to `path` on `url`'s origin, as a browser submits a form.
  static func post(_ fields: [(String, String)], to path: String, on url: URL) async throws -> HTTPResponse {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
    (components.path, components.query) = (path, nil)
    let body = FormParameters(fields.map { (name: $0.0, value: $0.1) }).encoded
    return try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(
      HTTPRequest(
        method: "POST", url: components.url!, headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Data(body.utf8)))
  }

  static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
