import AuthDesktopKit
import AuthDesktopShared
import AuthEngine

/// The words of `WindowProblem`: a title per kind of failure, the sentence (the engine's
/// `ErrorMessages` until the app-side wording lands, except where the window needs its own), and what
/// to do. Kept here so that switching to the app's `UserFacingError` touches only this file.
extension WindowText {
  static func problemTitle(_ code: AuthErrorCode, providerID: String?) -> String {
    switch code {
    case .webContextCancelled: "Sign-in cancelled"
    case .networkRequestFailed:
      providerID.map { "Couldn’t reach \(providerTitle($0))" } ?? "Couldn’t reach the provider"
    case .invalidConfiguration, .invalidProviderID, .operationNotAllowed, .invalidCustomParameter, .insecureEndpoint,
      .invalidClient:
      "Configuration problem"
    case .emulatorPortInUse: "Port already in use"
    case .emulatorUnavailable: "Provider emulator unavailable"
    case .browserUnavailable: "No web browser"
    case .loopbackUnavailable: "Couldn’t wait for the browser"
    case .secretStoreUnavailable: "Keyring unavailable"
    case .storageFailure: "Couldn’t read the accounts"
    case .accountExistsWithDifferentCredential: conflictTitle
    case .credentialAlreadyInUse: "Linked to another account"
    case .providerAlreadyLinked: "Already linked"
    case .lastSignInMethod: "Can’t unlink the last sign-in method"
    case .noSuchProvider: "Not linked"
    case .requiresRecentLogin: "Sign in again first"
    case .noCurrentUser: "Nobody is signed in"
    case .internalError: "Something went wrong"
    case .invalidEmail, .wrongPassword, .userNotFound, .weakPassword, .emailAlreadyInUse, .tooManyRequests:
      "Couldn’t sign in"
    default: "Sign-in failed"
    }
  }

  static func problemBody(_ code: AuthErrorCode) -> String {
    switch code {
    case .emulatorPortInUse: "Another program is listening on the provider emulator’s port."
    case .webContextCancelled: "Access was declined in the browser, so you were not signed in."
    case .browserUnavailable: "No web browser could be opened for the sign-in."
    default: ErrorMessages.text(for: code)
    }
  }

  static func problemAdvice(_ code: AuthErrorCode) -> String? {
    switch code {
    case .invalidConfiguration, .invalidProviderID, .operationNotAllowed, .invalidCustomParameter, .insecureEndpoint,
      .invalidClient:
      "Correct the configuration file, then choose Retry."
    case .emulatorPortInUse:
      "Quit the program that uses the port, or start AuthDesktop with \(EmulatorMode.portVariable) set to "
        + "a free port. Then choose Retry."
    case .secretStoreUnavailable: "Unlock the keyring, then choose Retry."
    case .webContextCancelled: "Start the sign-in again if you changed your mind."
    default: nil
    }
  }

  static func providerSaid(_ error: String, description: String?) -> String {
    guard let description, !description.isEmpty else { return "The provider said: \(error)." }
    return "The provider said: \(error) — \(description)"
  }

  static let problemWhere = "Where"
  static let problemDetails = "Details"
  static func problemDetail(heading: String, _ detail: String) -> String { "\(heading): \(detail)" }
  static let retry = "Retry"
  static let retryAccessible = "Retry starting AuthDesktop"
  static let quitAccessible = "Quit AuthDesktop"
  static let back = "Back"
  static let backToSignIn = "Back to sign-in"
  static let errorPage = "Error"
  static let unavailablePage = "AuthDesktop can’t start"
  static let formError = "Problem"
  static let signInTimedOut = WindowProblem(
    code: .webContextCancelled, title: "Sign-in timed out",
    body: "The sign-in took too long and was cancelled. Start it again.")
}
