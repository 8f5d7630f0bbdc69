import AuthEngine

/// The app's words for a second factor (TOTP, Identity Platform).
extension ErrorWording {
  static func multiFactorTitle(_ error: AuthError) -> String? {
    if case .needsFirebase(.secondFactor) = error.payload { return tr("No second factor here") }
    switch error.code {
    case .multiFactorAuthRequired: return tr("Code from your authenticator app needed")
    case .invalidVerificationCode: return tr("Wrong code")
    case .invalidMultiFactorSession: return tr("Sign-in expired")
    case .multiFactorInfoNotFound: return tr("No such second factor")
    case .maximumSecondFactorCountExceeded: return tr("Too many second factors")
    case .unverifiedEmail: return tr("Email address not verified")
    case .unsupportedFirstFactor: return tr("No second factor for this sign-in")
    default: return nil
    }
  }

  static func multiFactorBody(_ error: AuthError, for surface: Surface) -> String? {
    let cli = surface == .commandLine
    if case .needsFirebase(.secondFactor) = error.payload {
      return tr(
        "A second factor needs accounts in a Firebase project with Identity Platform. The accounts on this computer have none."
      )
    }
    switch error.code {
    case .multiFactorAuthRequired:
      return cli
        ? tr(
          "This account has a second factor. Run the command at a terminal to type the code from your authenticator app, or pass --totp-code-stdin."
        )
        : tr("This account has a second factor. Enter the code from your authenticator app.")
    case .invalidVerificationCode:
      return tr(
        "The code is not the one your authenticator app shows now, or it was used already. Wait for the next code and try again."
      )
    case .invalidMultiFactorSession:
      return sentences(tr("The sign-in waited too long for the code, or got too many wrong codes."), startAgain)
    case .multiFactorInfoNotFound:
      return cli
        ? tr("The account has no second factor with this id. “auth-desktop mfa list” shows the ones it has.")
        : tr("The account has no such second factor.")
    case .maximumSecondFactorCountExceeded:
      return tr("The account has as many second factors as the Firebase project allows. Remove one first.")
    case .unverifiedEmail:
      return tr("A second factor needs a verified email address. Verify the account's email first.")
    case .unsupportedFirstFactor:
      return tr("This way of signing in cannot have a second factor. Sign in with a provider or a password.")
    default:
      return nil
    }
  }
}
