import AuthEngine

/// The titles of errors: what happened, in a few words, by code.
extension ErrorWording {
  static func title(_ error: AuthError) -> String {
    if let title = firebaseTitle(error) { return title }
    let provider = error.providerID.map(providerName)
    switch error.code {
    case .invalidConfiguration, .insecureEndpoint: return tr("Configuration problem")
    case .invalidProviderID: return tr("Unknown provider")
    case .invalidGitCredentialRequest: return tr("Not a request from git")
    case .operationNotAllowed:
      return refusesDeviceGrant(error) ? tr("No sign-in with a code") : tr("Provider not set up")
    case .invalidCustomParameter: return tr("Sign-in option not allowed")
    case .noPendingAuthorization: return tr("No sign-in in progress")
    case .redirectURIMismatch: return tr("Unexpected sign-in link")
    case .invalidState: return error.payload.isExpired ? tr("Sign-in expired") : tr("Sign-in link not valid")
    case .webContextCancelled: return error.payload.isTimeout ? tr("Sign-in timed out") : tr("Sign-in cancelled")
    case .timeout: return tr("Sign-in timed out")
    case .codeExpired: return tr("Code expired")
    case .issuerMismatch: return tr("Unexpected identity provider")
    case .providerError:
      return provider.map { tr("{provider} refused the sign-in", ["provider": $0]) } ?? tr("Sign-in refused")
    case .networkRequestFailed:
      if let name = provider ?? error.payload.host { return tr("Couldn't reach {provider}", ["provider": name]) }
      return tr("Couldn't reach the provider")
    case .invalidProviderResponse:
      return provider.map { tr("Unexpected answer from {provider}", ["provider": $0]) }
        ?? tr("Unexpected answer from the provider")
    case .invalidCredential: return tr("Sign-in not accepted")
    case .invalidClient:
      return provider.map { tr("App not accepted by {provider}", ["provider": $0]) } ?? tr("App not accepted")
    case .invalidIDToken, .missingOrInvalidNonce: return tr("Identity token not valid")
    case .userTokenExpired: return tr("Session expired")
    case .browserUnavailable: return tr("No web browser")
    case .loopbackUnavailable: return tr("Couldn't receive the sign-in")
    case .sessionBusUnavailable: return tr("No desktop session")
    case .emulatorPortInUse:
      return error.payload.portNumber.map { tr("Port {port} is in use", ["port": String($0)]) } ?? tr("Port in use")
    case .emulatorUnavailable: return tr("Provider emulator unavailable")
    case .accountExistsWithDifferentCredential: return tr("Account already exists")
    case .credentialAlreadyInUse: return tr("Account belongs to another user")
    case .providerAlreadyLinked: return tr("Already linked")
    case .emailAlreadyInUse: return tr("Email address in use")
    case .noSuchProvider: return tr("Not linked")
    case .lastSignInMethod: return tr("Only way to sign in")
    case .userMismatch: return tr("Different account")
    case .requiresRecentLogin: return tr("Sign-in needed again")
    case .weakPassword: return tr("Password too short")
    case .wrongPassword: return tr("Wrong password")
    case .userNotFound: return tr("No such account")
    case .invalidEmail: return tr("Email address not valid")
    case .tooManyRequests: return tr("Too many attempts")
    case .noCurrentUser: return tr("Not signed in")
    case .noPendingCredential: return tr("Nothing to link")
    case .unknownAccount: return tr("Account not signed in")
    case .ambiguousAccount: return tr("More than one account matches")
    case .unknownApp: return tr("No such app")
    case .accountSignedOut: return tr("Account signed out")
    case .secretStoreUnavailable: return tr("Keyring unavailable")
    case .storageFailure: return tr("Accounts not saved")
    case .internalError: return tr("Something went wrong")
    case .userDisabled, .invalidAPIKey, .appNotAuthorized, .invalidTenantID, .invalidCustomToken, .customTokenMismatch,
      .invalidActionCode, .expiredActionCode, .multiFactorAuthRequired, .invalidVerificationCode,
      .invalidMultiFactorSession, .multiFactorInfoNotFound, .maximumSecondFactorCountExceeded, .unverifiedEmail,
      .unsupportedFirstFactor:
      return tr("Firebase refused")
    }
  }
}
