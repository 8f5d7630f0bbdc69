import AuthEngine
import Foundation

/// The emulator's consent page: plain HTML without scripts or external resources. Every string that
/// came from a user, a client or the identity store goes through `escape`.
enum ConsentPage {
  struct Content {
    var provider: EmulatorIdentity.Provider
    var clientID: String
    var scopes: [String]
    var redirectURI: String
    /// RFC 8628 §3.3: the user code of the device being signed in (nothing is redirected then).
    var userCode: String?
    var requestID: String
    var consentToken: String
    /// Identities of `provider`, offered as "Sign in as …".
    var identities: [EmulatorIdentity]
    /// Identities of other providers that have an email, offered for "use the email of …".
    var otherIdentities: [EmulatorIdentity]
    var error: String?
  }

  static func render(_ content: Content) -> String {
    let hidden = """
      <input type="hidden" name="request" value="\(escape(content.requestID))">
      <input type="hidden" name="consent_token" value="\(escape(content.consentToken))">
      """
    let choices = content.identities.map { identity in
      """
      <form method="post" action="/consent">\(hidden)
      <input type="hidden" name="identity" value="\(escape(identity.key))">
      <button type="submit" name="action" value="approve">Sign in as \(escape(identity.label))</button>
      </form>
      """
    }.joined(separator: "\n")
    let shared = content.otherIdentities.compactMap { identity -> String? in
      guard let email = identity.email else { return nil }
      return "<option value=\"\(escape(identity.key))\">the email of \(escape(identity.name)) &lt;\(escape(email))&gt; "
        + "(\(escape(identity.provider.displayName)))</option>"
    }.joined(separator: "\n")
    let scopes =
      content.scopes.isEmpty ? "" : " It asks for: <code>\(escape(content.scopes.joined(separator: " ")))</code>."
    let error = content.error.map { "<p class=\"error\">\(escape($0))</p>" } ?? ""
    let destination =
      content.userCode.map { "The device that shows <code>\(escape($0))</code> will be signed in." }
      ?? "You will be sent back to <code>\(escape(content.redirectURI))</code>."
    let body = """
      <p>The app <code>\(escape(content.clientID))</code> wants to sign you in with your
      \(escape(content.provider.displayName)) account.\(scopes) \(destination)</p>
      \(error)
      <h2>Choose a test identity</h2>
      \(choices.isEmpty ? "<p>No test identity yet: add one below.</p>" : choices)
      <h2>Add a test identity</h2>
      <form method="post" action="/consent">\(hidden)
      <p><label>Name <input name="name" required maxlength="100"></label></p>
      <p><label>Email <input name="email" type="email" maxlength="254"></label></p>
      <p><label>Or use <select name="share_email_with">
      <option value="">the email typed above</option>
      \(shared)
      </select></label></p>
      <p><button type="submit" name="action" value="add">Add and sign in</button></p>
      </form>
      <h2>Or refuse</h2>
      <form method="post" action="/consent">\(hidden)
      <button type="submit" name="action" value="deny">Deny access</button>
      </form>
      """
    return document(title: "Sign in to \(content.provider.displayName)", body: body)
  }

  /// The browser's title of a page headed `title`: it says whose page it is ("Sign in to X (Twitter) ·
  /// AuthDesktop provider emulator"), as the banner does, without a second pair of parentheses.
  static func browserTitle(_ title: String) -> String { "\(title) · AuthDesktop provider emulator" }

  /// A complete page with the banner that says what this is.
  static func document(title: String, body: String) -> String {
    """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="referrer" content="no-referrer">
    <title>\(escape(browserTitle(title)))</title>
    <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 40em; margin: 2em auto; padding: 0 1em; }
    .banner { background: #fff3cd; border: 1px solid #e0c060; padding: .75em 1em; border-radius: 6px; }
    .error { background: #fde2e1; border: 1px solid #e08080; padding: .75em 1em; border-radius: 6px; }
    form { margin: .5em 0; }
    button { font: inherit; padding: .4em 1em; }
    </style>
    </head>
    <body>
    <p class="banner"><strong>AuthDesktop provider emulator.</strong> This is not a real GitHub, X or
    OpenID provider: it runs on this computer for trying sign-ins, and its identities are test data.</p>
    <h1>\(escape(title))</h1>
    \(body)
    </body>
    </html>

    """
  }

  /// HTML-escapes text for element content and double-quoted attribute values.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
