import AuthEngine
import Foundation
import Testing

/// The person at the provider emulator's device page (RFC 8628 §3.3): opens the verification URI (the
/// complete one fills the code in), types the code, and answers the consent page that follows. Each
/// returns the page the browser ends on ("Approved — you can close this tab").
extension Browser {
  /// Approves as the listed identity whose button reads "Sign in as LABEL". `userCode` nil: the code the
  /// page filled in from `verification_uri_complete`.
  public static func approveDevice(_ verificationURI: URL, userCode: String? = nil, as label: String) async throws
    -> String
  {
    let page = try await deviceConsent(verificationURI, userCode: userCode)
    let form = try #require(
      forms(in: page).first { $0.html.contains(">Sign in as \(escape(label))<") },
      "no identity \(label) on the consent page")
    return try await answer(form.fields + [("action", "approve")], on: verificationURI)
  }

  public static func denyDevice(_ verificationURI: URL, userCode: String? = nil) async throws -> String {
    let page = try await deviceConsent(verificationURI, userCode: userCode)
    let form = try #require(forms(in: page).first { $0.html.contains("value=\"deny\"") }, "no deny form")
    return try await answer(form.fields + [("action", "deny")], on: verificationURI)
  }

  /// The consent page after typing `userCode` (or the filled-in one) into the page's form.
  private static func deviceConsent(_ verificationURI: URL, userCode: String?) async throws -> String {
    let page = try await consentPage(verificationURI)
    let action = try #require(page.firstMatch(of: /<form method="post" action="([^"]*)">/)?.1, "no code form")
    let filled = page.firstMatch(of: /name="user_code" value="([^"]*)"/).map { unescape(String($0.1)) }
    let code = try #require(userCode ?? filled, "no user code to type")
    let response = try await post([("user_code", code)], to: unescape(String(action)), on: verificationURI)
    let text = String(decoding: response.body, as: UTF8.self)
    #expect(response.status == 200, "the device page answered \(response.status): \(text.prefix(300))")
    return text
  }

  private static func answer(_ fields: [(String, String)], on verificationURI: URL) async throws -> String {
    let response = try await post(fields, to: "/consent", on: verificationURI)
    let text = String(decoding: response.body, as: UTF8.self)
    #expect(response.status == 200, "the consent form answered \(response.status): \(text.prefix(300))")
    return text
  }
}
