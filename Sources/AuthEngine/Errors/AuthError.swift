/// An error from the engine, typed by cause as oauth2-rs types its errors: `code` is the stable
/// contract, `origin` says where it failed, and `payload` carries what the cause needs (a file and a
/// key, a port, the conflicting account, the provider's OAuth error). Every field is set when the error
/// is made; nothing is filled in later.
///
/// The engine writes no sentence for people. An app words an error from its `code` and `payload`
/// (AuthDesktop's own wording is `UserFacingError`, in AuthDesktopApp; see docs/error-codes.md).
///
/// Secrets: no field holds a token, a secret, a code or a callback URL — with one exception, which is
/// deliberate: `auth/credential-already-in-use` carries the provider credential that could not be
/// linked (`CredentialInUse.credential`, Firebase's `updatedCredential`), so that the app can sign in
/// with it instead. Its tokens are `Secret` values: printing or reflecting the error shows
/// `[redacted]`, and nothing in the error compares or stores them.
public struct AuthError: Error, Sendable, CustomStringConvertible {
  /// Where it failed: the configuration, the request the caller made, the redirect, the provider's
  /// answer, the account server's answer (Identity Toolkit), the transport, parsing or validating an
  /// answer, or local storage.
  public enum Origin: String, Sendable {
    case configuration, request, redirect, providerResponse, accountServer, transport, parsing, validation, storage
  }

  public let code: AuthErrorCode
  public let origin: Origin
  /// The cause's data (see `Payload`); `.none` when the code says it all.
  public let payload: Payload
  /// The provider involved, when known.
  public let providerID: String?
  /// The pending authorization whose completion failed (it is used up), when it got that far.
  public let pendingID: String?
  /// Technical detail for diagnostics only: logs and `--verbose`. It is not for people to read, an
  /// app never needs it to word the error, and it is never secret (fixed text plus a key name, an
  /// HTTP status, a host name or a claim name).
  public let detail: String?

  public init(
    _ code: AuthErrorCode, origin: Origin, payload: Payload = .none, detail: String? = nil,
    providerID: String? = nil
  ) {
    self.init(code, origin: origin, payload: payload, providerID: providerID, pendingID: nil, detail: detail)
  }

  init(
    _ code: AuthErrorCode, origin: Origin, payload: Payload, providerID: String?, pendingID: String?,
    detail: String?
  ) {
    self.code = code
    self.origin = origin
    self.payload = payload
    self.providerID = providerID
    self.pendingID = pendingID
    self.detail = detail
  }

  /// The same error, as the failure of the pending authorization `pendingID` with `providerID`.
  func completing(pendingID: String?, providerID: String?) -> AuthError {
    AuthError(
      code, origin: origin, payload: payload, providerID: providerID ?? self.providerID,
      pendingID: pendingID ?? self.pendingID, detail: detail)
  }

  /// For developers and logs: the code and the technical detail (never a secret).
  public var description: String { detail.map { "\(code.rawValue): \($0)" } ?? code.rawValue }
}

extension AuthError {
  /// `auth/account-exists-with-different-credential`.
  public static func accountConflict(_ conflict: AccountConflict) -> AuthError {
    AuthError(
      .accountExistsWithDifferentCredential, origin: .request, payload: .accountConflict(conflict),
      providerID: conflict.providerID)
  }

  /// `auth/credential-already-in-use`.
  public static func credentialInUse(_ inUse: CredentialInUse) -> AuthError {
    AuthError(
      .credentialAlreadyInUse, origin: .request, payload: .credentialInUse(inUse), providerID: inUse.providerID)
  }

  /// `auth/invalid-configuration` (or another configuration code) for `issue`.
  public static func configuration(
    _ issue: ConfigurationIssue, code: AuthErrorCode = .invalidConfiguration, origin: Origin = .configuration,
    detail: String? = nil, providerID: String? = nil
  ) -> AuthError {
    AuthError(code, origin: origin, payload: .configuration(issue), detail: detail, providerID: providerID)
  }

  /// The provider's RFC 6749 §5.2 / §4.1.2.1 error, when it sent one.
  public var providerError: OAuthErrorResponse? {
    if case .providerError(let response) = payload { return response }
    return nil
  }

  /// The account conflict of `auth/account-exists-with-different-credential`.
  public var accountConflict: AccountConflict? {
    if case .accountConflict(let conflict) = payload { return conflict }
    return nil
  }

  /// The provider account of `auth/credential-already-in-use`.
  public var credentialInUse: CredentialInUse? {
    if case .credentialInUse(let inUse) = payload { return inUse }
    return nil
  }

  /// The file, key and problem of a configuration error.
  public var configurationIssue: ConfigurationIssue? {
    if case .configuration(let issue) = payload { return issue }
    return nil
  }

  /// The email address concerned: of the existing account (a conflict), of the provider account
  /// (credential in use), or the one taken (`auth/email-already-in-use`).
  public var email: String? {
    switch payload {
    case .accountConflict(let conflict): conflict.email
    case .credentialInUse(let inUse): inUse.email
    case .emailInUse(let email): email
    default: nil
    }
  }
}
