import AuthEngine
import Foundation

/// The device flow's pages (RFC 8628 §3.3): where the user types the code, and what they see once they
/// answered. Plain HTML in `ConsentPage.document`; every string from a user or client is escaped.
enum DevicePage {
  /// The form for the user code, `userCode` filled in (from `?user_code=`, RFC 8628 §3.3.1), posting to
  /// `action`; with `error` above it.
  static func entry(
    provider: EmulatorIdentity.Provider, action: String, userCode: String, error: String? = nil, status: Int = 200
  ) -> HTTPResponse {
    let error = error.map { "<p class=\"error\">\(ConsentPage.escape($0))</p>" } ?? ""
    let body = """
      <p>Enter the code your device shows to sign it in with your \(ConsentPage.escape(provider.displayName))
      account. Only enter a code from a device or app you are using yourself.</p>
      \(error)
      <form method="post" action="\(ConsentPage.escape(action))">
      <p><label>Code <input name="user_code" value="\(ConsentPage.escape(userCode))" autocomplete="off"
      autocapitalize="characters" spellcheck="false" maxlength="64" required autofocus></label></p>
      <p><button type="submit">Continue</button></p>
      </form>
      """
    return EmulatorHTTP.html(
      ConsentPage.document(title: "Sign in a device with \(provider.displayName)", body: body),
      status: status)
  }

  /// After the consent page's answer: nothing more happens in the browser.
  static func answered(userCode: String, approvedAs identity: EmulatorIdentity?) -> HTTPResponse {
    let code = "<code>\(ConsentPage.escape(userCode))</code>"
    guard let identity else {
      return EmulatorHTTP.html(
        ConsentPage.document(
          title: "Denied — you can close this tab",
          body: "<p>The device that shows \(code) is told that you refused.</p>"))
    }
    return EmulatorHTTP.html(
      ConsentPage.document(
        title: "Approved — you can close this tab",
        body: "<p>The device that shows \(code) continues the sign-in as \(ConsentPage.escape(identity.label)) "
          + "by itself.</p>"))
  }

  /// Why a user code cannot be answered, worded for the page, with its status.
  static func problem(_ problem: DeviceCodeProblem) -> (message: String, status: Int) {
    switch problem {
    case .unknown: ("No such code. Check the code your device shows and enter it again.", 404)
    case .expired: ("This code has expired. Start the sign-in again on your device.", 410)
    case .answered: ("This code was already answered. Start the sign-in again on your device for a new one.", 409)
    }
  }
}

/// Why the page cannot take a user code.
enum DeviceCodeProblem: Error {
  case unknown
  case expired
  case answered
}
