/// Every sentence the engine shows to people, in one place.
public enum ErrorMessages {
  public static func text(for code: AuthErrorCode) -> String {
    switch code {
    case .invalidConfiguration: "The configuration is not valid."
    case .invalidProviderID: "This provider is not supported. Use github.com, twitter.com or oidc.NAME."
    case .operationNotAllowed: "This provider is not configured."
    case .invalidCustomParameter: "A custom parameter uses a name the sign-in flow sets itself."
    case .insecureEndpoint: "Provider endpoints must use https (plain http is allowed only on this computer)."
    case .noPendingAuthorization: "No sign-in is waiting for this redirect. Start the sign-in again."
    case .redirectURIMismatch: "This redirect does not belong to any sign-in in progress."
    case .invalidState:
      "The sign-in response does not match a sign-in in progress (unknown, expired or already used)."
    case .webContextCancelled: "The sign-in was cancelled."
    case .timeout: "The sign-in took too long and was cancelled. Start it again."
    case .issuerMismatch: "The sign-in response came from a different identity provider than expected."
    case .providerError: "The provider refused the sign-in."
    case .networkRequestFailed: "The provider could not be reached. Check the network connection and try again."
    case .invalidProviderResponse: "The provider sent a response that could not be understood."
    case .invalidCredential: "The provider did not accept the sign-in credential."
    case .invalidClient: "The provider rejected this app's client id or secret. Check the configuration."
    case .invalidIDToken: "The identity token from the provider is not valid."
    case .missingOrInvalidNonce: "The identity token does not belong to this sign-in (nonce mismatch)."
    case .userTokenExpired: "The session with the provider has ended. Sign in again."
    case .browserUnavailable: "No web browser could be opened. Copy the sign-in link into a browser instead."
    case .loopbackUnavailable: "The app could not listen on 127.0.0.1 for the sign-in redirect."
    case .sessionBusUnavailable:
      "There is no desktop session bus, so the browser's redirect cannot reach this process. Use redirect = \"loopback\"."
    case .emulatorPortInUse:
      "Another program is already listening on the provider emulator's port. Stop it, or choose another port with --port."
    case .emulatorUnavailable: "The provider emulator is not available."
    case .accountExistsWithDifferentCredential:
      "An account already exists with the same email address. Sign in with the method it uses, then link this one."
    case .credentialAlreadyInUse: "This provider account is already linked to another user."
    case .providerAlreadyLinked: "This account is already linked to that provider."
    case .emailAlreadyInUse: "The email address is already used by another account."
    case .noSuchProvider: "This account is not linked to that provider."
    case .lastSignInMethod:
      "This is the account's only way to sign in. Link another provider or set a password before removing it."
    case .userMismatch: "The credential belongs to a different user than the one signed in."
    case .requiresRecentLogin: "This needs a recent sign-in. Sign in again, then retry."
    case .weakPassword: "The password must be at least 8 characters long."
    case .wrongPassword: "The password is wrong."
    case .userNotFound: "There is no account with this email address."
    case .invalidEmail: "The email address is not valid."
    case .tooManyRequests: "Too many failed attempts. Wait a few minutes, then try again."
    case .noCurrentUser: "Nobody is signed in."
    case .noPendingCredential: "There is no credential waiting to be linked (or it expired). Start the sign-in again."
    case .secretStoreUnavailable:
      "The secret store is not available. Unlock or start the keyring (Secret Service), or set secret_store = \"file\" in the configuration."
    case .storageFailure: "The local account store could not be read or written."
    case .internalError: "An internal error occurred."
    }
  }

  public static func message(for error: AuthError) -> String {
    var text = text(for: error.code)
    if let detail = error.detail { text += " (\(detail))" }
    if let email = error.email, error.code == .accountExistsWithDifferentCredential {
      let methods = error.signInMethods.joined(separator: ", ")
      text += " The account for \(email) signs in with: \(methods.isEmpty ? "another method" : methods)."
    }
    if let provider = error.providerError {
      text += " Provider said: \(provider.error)"
      if let description = provider.errorDescription, !description.isEmpty { text += " — \(description)" }
    }
    return text
  }
}
