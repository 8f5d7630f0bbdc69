import AuthEngine

/// The app's words for custom tokens, password-reset and verification codes, and what the local
/// store does not do (`.needsFirebase`).
extension ErrorWording {
  static func emailActionTitle(_ error: AuthError) -> String? {
    if case .needsFirebase(let operation) = error.payload {
      return operation == .email ? tr("No email from this computer") : tr("Custom tokens need Firebase")
    }
    switch error.code {
    case .invalidCustomToken: return tr("Sign-in token not valid")
    case .customTokenMismatch: return tr("Sign-in token of another project")
    case .invalidActionCode: return tr("Code not valid")
    case .expiredActionCode: return tr("Code expired")
    default: return nil
    }
  }

  static func emailActionBody(_ error: AuthError, for surface: Surface) -> String? {
    let cli = surface == .commandLine
    if case .needsFirebase(let operation) = error.payload {
      switch operation {
      case .email:
        return sentences(
          tr("The accounts are kept on this computer, which sends no email: no password reset, no verification."),
          cli
            ? tr("Keep the accounts in a Firebase project (a [firebase] table in the configuration) to send them.")
            : tr("Keep the accounts in a Firebase project to send them."))
      case .customToken:
        return cli
          ? tr("Only a Firebase project checks custom tokens. Add a [firebase] table to the configuration.")
          : tr("Only a Firebase project checks custom tokens. Check the configuration.")
      case .secondFactor: return nil  // ErrorWording+MultiFactor
      }
    }
    switch error.code {
    case .invalidCustomToken:
      return tr(
        "The Firebase project did not accept the sign-in token: it is malformed, expired or meant for something else. Ask the app's backend for a new one."
      )
    case .customTokenMismatch:
      return cli
        ? tr(
          "The sign-in token was made for another Firebase project. Check project_id in the [firebase] table, or the backend's credentials."
        )
        : tr("The sign-in token was made for another Firebase project. Check the configuration.")
    case .invalidActionCode:
      return tr("The code is not valid: it was used already, or it is of another email. Ask for a new email.")
    case .expiredActionCode: return tr("The code has expired. Ask for a new email.")
    default: return nil
    }
  }
}
