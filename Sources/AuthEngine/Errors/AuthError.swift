/// An error from the engine. `code` is stable; `origin` says where it failed (oauth2-rs style: the
/// request, the provider's answer, the transport, parsing it, validating it, or local storage).
///
/// No field ever holds a token, secret, code or full callback URL: `detail` is written by the engine
/// from fixed text plus non-secret facts (a key name, an HTTP status, a claim name).
public struct AuthError: Error, Sendable, CustomStringConvertible {
  public enum Origin: String, Sendable {
    case configuration, request, redirect, providerResponse, transport, parsing, validation, storage
  }

  public let code: AuthErrorCode
  public let origin: Origin
  /// A short, non-secret explanation appended to the message.
  public let detail: String?
  /// The provider's RFC 6749 §5.2 / §4.1.2.1 error, when it sent one.
  public let providerError: OAuthErrorResponse?
  /// The provider involved, when known.
  public var providerID: String?
  /// `account-exists-with-different-credential`, `credential-already-in-use`, `email-already-in-use`:
  /// the email address concerned.
  public var email: String?
  /// `account-exists-with-different-credential`: how the existing account signs in (`password`,
  /// `github.com`, …).
  public var signInMethods: [String] = []
  /// `credential-already-in-use`: the credential that could not be linked, so the app can sign in
  /// with it instead.
  public var updatedCredential: OAuthCredential?
  /// The pending authorization the failure consumed, when it got that far.
  public var pendingID: String?

  public init(
    _ code: AuthErrorCode, origin: Origin, detail: String? = nil, providerError: OAuthErrorResponse? = nil,
    providerID: String? = nil
  ) {
    self.code = code
    self.origin = origin
    self.detail = detail
    self.providerError = providerError
    self.providerID = providerID
  }

  /// A complete sentence for people (see `ErrorMessages`).
  public var message: String { ErrorMessages.message(for: self) }

  public var description: String { "\(code.rawValue): \(message)" }
}

/// RFC 6749 §5.2 error response (also §4.1.2.1 on the redirect).
public struct OAuthErrorResponse: Sendable, Equatable {
  public let error: String
  public let errorDescription: String?
  public let errorURI: String?

  public init(error: String, errorDescription: String? = nil, errorURI: String? = nil) {
    self.error = error
    self.errorDescription = errorDescription.map(OAuthErrorResponse.sanitized)
    self.errorURI = errorURI.map(OAuthErrorResponse.sanitized)
  }

  /// RFC 6749 restricts these fields to printable ASCII without `"` and `\`; anything else (and
  /// anything long) is cut so a hostile provider cannot inject terminal escapes or huge text.
  static func sanitized(_ text: String) -> String {
    let allowed = text.unicodeScalars.filter { $0.value >= 0x20 && $0.value <= 0x7E && $0 != "\"" && $0 != "\\" }
    return String(String.UnicodeScalarView(allowed.prefix(200)))
  }
}
