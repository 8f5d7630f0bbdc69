/// What the loopback listener answers (RFC 8252 §7.3). The page is static and self-contained: no
/// script, image, font or link, so the browser has nothing to fetch and nothing to leak the redirect
/// URL to; the headers forbid caching it and sending it on as a referrer.
enum RedirectPage {
  static let text = "Sign-in complete — you can close this tab and return to AuthDesktop."

  static let html = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>AuthDesktop</title>
    <style>body{font:16px/1.5 system-ui,sans-serif;max-width:32em;margin:4em auto;padding:0 1em;color:#222}</style>
    </head>
    <body><p>\(text)</p></body>
    </html>

    """

  /// Sent with every answer, the page and the errors alike.
  static let headers: [(name: String, value: String)] = [
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
    ("X-Content-Type-Options", "nosniff"),
  ]

  static let page = LoopbackResponse(
    status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8), headers: headers)
  static let notFound = LoopbackResponse.text(404, "Not found\n", headers: headers)
  static let methodNotAllowed = LoopbackResponse.text(
    405, "Method not allowed\n", headers: headers + [("Allow", "GET")])
}
