import AuthEngine
import Foundation

/// What the loopback listener answers (RFC 8252 §7.3). Each page is static and self-contained: no
/// script, image, font or link, so the browser has nothing to fetch and nothing to leak the redirect
/// URL to; the headers forbid caching it and sending it on as a referrer. The app supplies the words
/// (`RedirectPage.Texts`); `RedirectPage.english` is the default.
public struct RedirectPage: Sendable {
  /// The sentence the browser tab shows for each way a sign-in ends.
  public struct Texts: Sendable {
    public var signedIn: String
    public var declined: String
    public var failed: String
    /// The sign-in ended without this redirect (cancelled in the app, or timed out).
    public var ended: String
    /// The `lang` of the page.
    public var language: String

    public init(signedIn: String, declined: String, failed: String, ended: String, language: String) {
      self.signedIn = signedIn
      self.declined = declined
      self.failed = failed
      self.ended = ended
      self.language = language
    }
  }

  public static let english = Texts(
    signedIn: "Signed in. You can close this tab and return to the app.",
    declined: "Sign-in declined. You can close this tab.",
    failed: "The sign-in did not complete; the app says why. You can close this tab.",
    ended: "This sign-in is no longer waiting. You can close this tab.", language: "en")

  public var texts: Texts

  public init(texts: Texts = RedirectPage.english) { self.texts = texts }

  /// The page for `outcome` (nil: the sign-in ended without this redirect).
  func page(for outcome: RedirectOutcome?) -> HTTPResponse {
    let text: String
    switch outcome {
    case .signedIn: text = texts.signedIn
    case .declined: text = texts.declined
    case .failed: text = texts.failed
    case nil: text = texts.ended
    }
    let html = """
      <!doctype html>
      <html lang="\(Self.escaped(texts.language))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(Self.escaped(text))</title>
      <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32em;margin:4em auto;padding:0 1em;color:#222}</style>
      </head>
      <body><p>\(Self.escaped(text))</p></body>
      </html>

      """
    return HTTPResponse(
      status: 200, headers: Self.headers.merging(["content-type": "text/html; charset=utf-8"]) { $1 },
      body: Data(html.utf8))
  }

  /// Sent with every answer, the pages and the errors alike.
  static let headers: [String: String] = [
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
  ]

  static let notFound = plain(404, "Not found\n")
  static let methodNotAllowed = plain(405, "Method not allowed\n", extra: ["Allow": "GET"])

  static func plain(_ status: Int, _ text: String, extra: [String: String] = [:]) -> HTTPResponse {
    let all = headers.merging(extra) { $1 }.merging(["content-type": "text/plain; charset=utf-8"]) { $1 }
    return HTTPResponse(status: status, headers: all, body: Data(text.utf8))
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
