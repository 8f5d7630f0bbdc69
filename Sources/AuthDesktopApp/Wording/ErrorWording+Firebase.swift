import AuthEngine

/// The app's words for what a Firebase project (Identity Toolkit) answers: the codes only it gives,
/// and the shared codes when the project is the cause (`.accountServer` payload).
extension ErrorWording {
  static func firebaseTitle(_ error: AuthError) -> String? {
    if let title = multiFactorTitle(error) { return title }
    if let title = emailActionTitle(error) { return title }
    switch error.code {
    case .userDisabled: return tr("Account disabled")
    case .invalidAPIKey: return tr("API key not valid")
    case .appNotAuthorized: return tr("App not allowed by the API key")
    case .invalidTenantID: return tr("Unknown tenant")
    case .networkRequestFailed where error.origin == .accountServer: return tr("Couldn't reach Firebase")
    case .operationNotAllowed where error.origin == .accountServer: return tr("Sign-in method not enabled")
    default: return nil
    }
  }

  static func firebaseBody(_ error: AuthError, for surface: Surface) -> String? {
    if let body = multiFactorBody(error, for: surface) { return body }
    if let body = emailActionBody(error, for: surface) { return body }
    let cli = surface == .commandLine
    let server: AccountServerError?
    if case .accountServer(let answer) = error.payload { server = answer } else { server = nil }
    switch error.code {
    case .userDisabled:
      return
        tr(
          "This account was disabled in the app's Firebase project, so you were signed out. Ask the app's support to enable it."
        )
    case .invalidAPIKey:
      return cli
        ? tr(
          "The Firebase project does not accept the API key. Check api_key in the [firebase] table of the configuration."
        )
        : tr("The Firebase project does not accept the app's API key. Check the configuration.")
    case .appNotAuthorized:
      return
        tr(
          "The API key's restrictions refuse this app. Restrict the key by API (Identity Toolkit and Token Service), not by app or website."
        )
    case .invalidTenantID:
      return cli
        ? tr(
          "The Firebase project has no such tenant, or the session belongs to another one. Check tenant_id in the [firebase] table."
        )
        : tr("The Firebase project has no such tenant. Check the configuration.")
    case .networkRequestFailed:
      guard let server else { return nil }
      return tr(
        "The Firebase project's sign-in service is unavailable (HTTP {status}). Nothing was changed; try again in a moment.",
        ["status": String(server.status)])
    case .operationNotAllowed:
      guard server != nil else { return nil }
      return
        tr(
          "The Firebase project does not allow this way of signing in. Enable it in the Firebase console (Authentication, Sign-in method)."
        )
    case .invalidCredential:
      guard server != nil else { return nil }
      return sentences(
        tr(
          "The Firebase project did not accept the provider's sign-in. Check that the provider's settings in the Firebase console match this app's."
        ),
        startAgain)
    case .userTokenExpired:
      guard server != nil else { return nil }
      return sentences(
        tr("The session with the Firebase project ended."),
        cli ? tr("Sign in again to continue.") : tr("Sign in again."))
    case .internalError:
      guard let server else { return nil }
      return tr(
        "The Firebase project answered “{message}”, which AuthDesktop does not expect. Please report this problem.",
        ["message": server.message])
    default:
      return nil
    }
  }
}
