import AuthEngine

/// The app's words for errors, by code: a title, then a body of what happened and what to do. The
/// payloads' own sentences are in `ErrorWording+Causes.swift`. Placeholders are `{name}`, filled by
/// `fill`; every string here is a whole sentence (or a title) for translators.
enum ErrorWording {
  typealias Surface = UserFacingError.Surface

  static let passwordMethod = "email and password"

  // MARK: Titles

  static func title(_ error: AuthError) -> String {
    if let title = firebaseTitle(error) { return title }
    let provider = error.providerID.map(providerName)
    switch error.code {
    case .invalidConfiguration, .insecureEndpoint: return "Configuration problem"
    case .invalidProviderID: return "Unknown provider"
    case .operationNotAllowed: return refusesDeviceGrant(error) ? "No sign-in with a code" : "Provider not set up"
    case .invalidCustomParameter: return "Sign-in option not allowed"
    case .noPendingAuthorization: return "No sign-in in progress"
    case .redirectURIMismatch: return "Unexpected sign-in link"
    case .invalidState: return error.payload.isExpired ? "Sign-in expired" : "Sign-in link not valid"
    case .webContextCancelled: return error.payload.isTimeout ? "Sign-in timed out" : "Sign-in cancelled"
    case .timeout: return "Sign-in timed out"
    case .codeExpired: return "Code expired"
    case .issuerMismatch: return "Unexpected identity provider"
    case .providerError:
      return provider.map { fill("{provider} refused the sign-in", ["provider": $0]) } ?? "Sign-in refused"
    case .networkRequestFailed:
      if let name = provider ?? error.payload.host { return fill("Couldn't reach {provider}", ["provider": name]) }
      return "Couldn't reach the provider"
    case .invalidProviderResponse:
      return provider.map { fill("Unexpected answer from {provider}", ["provider": $0]) }
        ?? "Unexpected answer from the provider"
    case .invalidCredential: return "Sign-in not accepted"
    case .invalidClient:
      return provider.map { fill("App not accepted by {provider}", ["provider": $0]) } ?? "App not accepted"
    case .invalidIDToken, .missingOrInvalidNonce: return "Identity token not valid"
    case .userTokenExpired: return "Session expired"
    case .browserUnavailable: return "No web browser"
    case .loopbackUnavailable: return "Couldn't receive the sign-in"
    case .sessionBusUnavailable: return "No desktop session"
    case .emulatorPortInUse:
      return error.payload.portNumber.map { fill("Port {port} is in use", ["port": String($0)]) } ?? "Port in use"
    case .emulatorUnavailable: return "Provider emulator unavailable"
    case .accountExistsWithDifferentCredential: return "Account already exists"
    case .credentialAlreadyInUse: return "Account belongs to another user"
    case .providerAlreadyLinked: return "Already linked"
    case .emailAlreadyInUse: return "Email address in use"
    case .noSuchProvider: return "Not linked"
    case .lastSignInMethod: return "Only way to sign in"
    case .userMismatch: return "Different account"
    case .requiresRecentLogin: return "Sign-in needed again"
    case .weakPassword: return "Password too short"
    case .wrongPassword: return "Wrong password"
    case .userNotFound: return "No such account"
    case .invalidEmail: return "Email address not valid"
    case .tooManyRequests: return "Too many attempts"
    case .noCurrentUser: return "Not signed in"
    case .noPendingCredential: return "Nothing to link"
    case .secretStoreUnavailable: return "Keyring unavailable"
    case .storageFailure: return "Accounts not saved"
    case .internalError: return "Something went wrong"
    case .userDisabled, .invalidAPIKey, .appNotAuthorized, .invalidTenantID: return "Firebase refused"
    }
  }

  // MARK: Bodies

  static func body(_ error: AuthError, for surface: Surface) -> String {
    if let body = firebaseBody(error, for: surface) { return body }
    let cli = surface == .commandLine
    let provider = error.providerID.map(providerName)
    switch (error.code, error.payload) {
    case (.invalidConfiguration, .providerError(let response)) where response.error == "redirect_uri_mismatch":
      return sentences(
        "The provider does not accept this app's redirect URI.",
        cli
          ? "Register the redirect URI that “auth-desktop providers” shows at the provider."
          : "Check the redirect URI registered at the provider.")
    case (_, .configuration(let issue)): return configuration(issue, error, surface)
    case (.invalidProviderID, _):
      let unsupported =
        error.providerID.map { fill("AuthDesktop does not support the provider “{id}”.", ["id": $0]) }
        ?? "AuthDesktop does not support this provider."
      return sentences(unsupported, fill("Use {ids}.", ["ids": ProviderTable.builtIn.describedIDs]))
    case (.invalidCustomParameter, .customParameter(let problem)): return customParameter(problem)
    case (.insecureEndpoint, _):
      return "The provider named an address that does not use https, so it was not used. Check the provider's settings."
    case (.noPendingAuthorization, _):
      return sentences(
        "No sign-in is waiting for this link: it was cancelled, it expired, or it started elsewhere.", startAgain)
    case (.redirectURIMismatch, _): return sentences("This link does not belong to a sign-in in progress.", startAgain)
    case (.invalidState, .state(let problem)): return state(problem)
    case (.timeout, .timeout(let duration)) where error.origin == .request:
      // A device sign-in's (RFC 8628): nobody approved the code in time.
      return cli
        ? fill(
          "The sign-in was not approved within {seconds} seconds, so it was cancelled. Run the command again; --timeout sets how long it waits.",
          ["seconds": seconds(duration)])
        : "The sign-in was not approved in time and was cancelled. Start it again."
    case (.webContextCancelled, .timeout(let duration)), (.timeout, .timeout(let duration)):
      return cli
        ? fill(
          "No answer came from the browser within {seconds} seconds, so the sign-in was cancelled. Run the command again; --timeout sets how long it waits.",
          ["seconds": seconds(duration)])
        : "The sign-in took too long and was cancelled. Start it again."
    case (.timeout, _):
      return cli
        ? "No answer came from the browser in time, so the sign-in was cancelled. Run the command again; --timeout sets how long it waits."
        : "The sign-in took too long and was cancelled. Start it again."
    case (.codeExpired, _):
      return sentences(
        "The code expired before the sign-in was approved.",
        cli ? "Run the command again for a new code." : "Start again for a new code.")
    case (.webContextCancelled, _): return "The sign-in was declined or cancelled. Nothing was changed."
    case (.issuerMismatch, _):
      return
        "The answer came from another identity provider than the one the sign-in started with, so it was refused. Check the provider's issuer in the configuration."
    case (.providerError, .providerError(let response)): return providerRefused(response)
    case (.providerError, _): return "The provider refused the sign-in. Try again later."
    case (.networkRequestFailed, .network(let failure)):
      return sentences(network(failure), "Check the network connection (and any proxy), then try again.")
    case (.networkRequestFailed, _):
      return "The provider could not be reached. Check the network connection (and any proxy), then try again."
    case (.invalidProviderResponse, .httpStatus(let status)):
      return fill("The provider answered with an error (HTTP {status}). Try again later.", ["status": String(status)])
    case (.invalidProviderResponse, _):
      return "The provider sent an answer AuthDesktop could not understand. Try again later."
    case (.invalidCredential, _): return sentences("The provider did not accept the sign-in.", startAgain)
    case (.invalidClient, _):
      return
        "The provider rejected this app's client ID or secret. Check client_id and client_secret (consumer_key and consumer_secret for X) in the configuration."
    case (.invalidIDToken, _):
      return "The identity token from the provider is not valid. Check this computer's clock, then try again."
    case (.missingOrInvalidNonce, _):
      return sentences("The identity token does not belong to this sign-in.", startAgain)
    case (.userTokenExpired, _):
      return sentences(
        "The session with the provider has ended.",
        cli ? "Sign in again with “auth-desktop sign-in PROVIDER”." : "Sign in again.")
    case (.browserUnavailable, _):
      return sentences(
        "No web browser could be opened.",
        cli ? "Open the link below in a browser." : "Copy the link and open it in a browser.")
    case (.sessionBusUnavailable, _):
      return sentences(
        "There is no desktop session bus, so the browser's answer cannot reach AuthDesktop.",
        cli
          ? "Sign in where a desktop session runs, or set redirect = “loopback” for this provider."
          : "Set redirect = “loopback” for this provider.")
    case (.loopbackUnavailable, _):
      return
        "AuthDesktop could not listen on 127.0.0.1 for the provider's answer. Try again; if it keeps failing, set redirect = “scheme” for this provider."
    case (.emulatorPortInUse, .port(let issue)), (.emulatorUnavailable, .port(let issue)):
      return port(issue, surface)
    case (.emulatorPortInUse, _), (.emulatorUnavailable, _):
      return cli
        ? "The provider emulator could not start. Choose another port with --port or AUTH_DESKTOP_EMULATOR_PORT."
        : "The provider emulator could not start. Try again."
    case (.accountExistsWithDifferentCredential, .accountConflict(let conflict)):
      return conflictBody(conflict, surface)
    case (.credentialAlreadyInUse, .credentialInUse(let inUse)):
      let account =
        inUse.email.map {
          fill(
            "The {provider} account {email} belongs to another user of this app.",
            ["provider": providerName(inUse.providerID), "email": $0])
        }
        ?? fill(
          "This {provider} account belongs to another user of this app.",
          ["provider": providerName(inUse.providerID)])
      return sentences(account, "Sign in with it instead, or unlink it from the other user first.")
    case (.providerAlreadyLinked, _):
      if error.providerID == "password" { return "This account already has a password." }
      return provider.map {
        fill(
          "{provider} is already linked to this account. Unlink it first to link another {provider} account.",
          ["provider": $0])
      } ?? "That provider is already linked to this account."
    case (.emailAlreadyInUse, _):
      let taken =
        error.email.map { fill("{email} is already used by another account.", ["email": $0]) }
        ?? "The email address is already used by another account."
      return sentences(taken, "Sign in to that account instead.")
    case (.noSuchProvider, _):
      return provider.map { fill("{provider} is not linked to this account.", ["provider": $0]) }
        ?? "This account is not linked to a provider."
    case (.lastSignInMethod, _):
      let only =
        provider.map { fill("{provider} is the only way to sign in to this account.", ["provider": $0]) }
        ?? "This is the only way to sign in to this account."
      return sentences(only, "Link another provider or set a password before removing it.")
    case (.userMismatch, _):
      return
        "That sign-in belongs to another account than the one signed in. Reauthenticate with one of this account's methods."
    case (.requiresRecentLogin, _):
      return sentences(
        "This needs a recent sign-in.",
        cli
          ? "Reauthenticate with “auth-desktop sign-in PROVIDER --reauthenticate”, then run the command again."
          : "Choose Reauthenticate, then try again.")
    case (.weakPassword, .password(.missing)):
      return cli ? "No password arrived on standard input. Type it, or pipe it in on one line." : "Enter a password."
    case (.weakPassword, .password(.tooShort(let count))):
      // Plural: "{count} characters" (ngettext once translated).
      return fill("The password must be at least {count} characters long.", ["count": String(count)])
    case (.weakPassword, _): return "The password is too short."
    case (.wrongPassword, _): return "The password is wrong."
    case (.userNotFound, _):
      return sentences(
        "There is no account with this email address.",
        cli ? "Create one with “auth-desktop sign-up-email EMAIL”." : "Check the address, or create an account.")
    case (.invalidEmail, _): return "The email address is not valid."
    case (.tooManyRequests, _): return "Too many failed attempts. Wait a few minutes, then try again."
    case (.noCurrentUser, _):
      return sentences(
        "Nobody is signed in.",
        cli
          ? "Sign in first with “auth-desktop sign-in PROVIDER” or “auth-desktop sign-in-email EMAIL”."
          : "Sign in first.")
    case (.noPendingCredential, _):
      return
        "No sign-in is waiting to be linked, or it expired after 10 minutes. Start the sign-in with the other provider again."
    case (.secretStoreUnavailable, .secretStore(let problem)): return secretStore(problem, surface)
    case (.secretStoreUnavailable, _): return secretStore(.failed, surface)
    case (.storageFailure, .storage(let issue)): return storage(issue, surface)
    case (.storageFailure, _):
      return "The accounts on this computer could not be read or saved. Check the free space, then try again."
    case (.internalError, _):
      return sentences(
        "Something went wrong inside AuthDesktop.",
        cli ? "Run the command again with --verbose and report what it prints." : "Please report this problem.")
    case (.accountExistsWithDifferentCredential, _):
      return "An account with this email address already exists. Sign in with the method it uses, then link this one."
    case (.credentialAlreadyInUse, _):
      return
        "This provider account belongs to another user of this app. Sign in with it instead, or unlink it from the other user first."
    case (.invalidState, _): return state(.unknown)
    case (.invalidCustomParameter, _): return "A custom parameter of this sign-in cannot be used. Remove it."
    case (.operationNotAllowed, .providerError) where refusesDeviceGrant(error):
      return sentences(
        fill("{provider} has not enabled sign-in with a code for this app.", ["provider": provider ?? "The provider"]),
        cli
          ? "Enable the device flow in the app's settings at the provider, or sign in without --device."
          : "Enable the device flow in the app's settings at the provider, or sign in with the browser.")
    case (.operationNotAllowed, _) where refusesDeviceGrant(error):
      return sentences(
        fill(
          "{provider} does not offer sign-in with a code on another device.", ["provider": provider ?? "This provider"]),
        cli ? "Sign in without --device." : "Sign in with the browser.")
    case (.operationNotAllowed, _): return "This provider is not set up in the configuration."
    case (.userDisabled, _), (.invalidAPIKey, _), (.appNotAuthorized, _), (.invalidTenantID, _):
      return "The Firebase project refused the request."
    case (.invalidConfiguration, _):
      return sentences(
        "The configuration is not valid.", cli ? "Run “auth-desktop doctor” to check it." : "Fix it, then try again.")
    }
  }

  static let startAgain = "Start the sign-in again."

  /// `auth/operation-not-allowed` from a device sign-in (RFC 8628): the provider has no device grant,
  /// or refuses it to this app. The configuration's and a Firebase project's come with their own cause.
  static func refusesDeviceGrant(_ error: AuthError) -> Bool {
    error.code == .operationNotAllowed && error.configurationIssue == nil && error.origin != .accountServer
  }

  /// `auth/account-exists-with-different-credential`.
  static func conflictBody(_ conflict: AccountConflict, _ surface: Surface) -> String {
    let values = [
      "email": conflict.email, "methods": methodList(conflict.signInMethods),
      "provider": providerName(conflict.providerID),
    ]
    return sentences(
      fill("An account for {email} already exists. It signs in with: {methods}.", values),
      surface == .commandLine
        ? fill(
          "Sign in with one of those, then run “auth-desktop link-pending” within 10 minutes to link {provider}.",
          values)
        : fill("Sign in with one of those, and {provider} will be linked to the account.", values))
  }
}
