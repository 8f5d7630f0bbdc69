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
    case .secretStoreUnavailable:
      "The secret store is not available. Unlock or start the keyring (Secret Service), or set secret_store = \"file\" in the configuration."
    case .storageFailure: "The local account store could not be read or written."
    case .internalError: "An internal error occurred."
    }
  }

  public static func message(for error: AuthError) -> String {
    var text = text(for: error.code)
    if let detail = error.detail { text += " (\(detail))" }
    if let provider = error.providerError {
      text += " Provider said: \(provider.error)"
      if let description = provider.errorDescription, !description.isEmpty { text += " — \(description)" }
    }
    return text
  }
}
