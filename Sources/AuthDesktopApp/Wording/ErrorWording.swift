import AuthEngine

/// The app's words for errors, by code: a title, then a body of what happened and what to do. The
/// payloads' own sentences are in `ErrorWording+Causes.swift`. Placeholders are `{name}`, filled by
/// `fill`; every string here is a whole sentence (or a title) for translators.
enum ErrorWording {
  typealias Surface = UserFacingError.Surface

  static var passwordMethod: String { tr("email and password") }

  // MARK: Bodies

  static func body(_ error: AuthError, for surface: Surface) -> String {
    if let body = firebaseBody(error, for: surface) { return body }
    let cli = surface == .commandLine
    let provider = error.providerID.map(providerName)
    switch (error.code, error.payload) {
    case (.invalidConfiguration, .providerError(let response)) where response.error == "redirect_uri_mismatch":
      return sentences(
        tr("The provider does not accept this app's redirect URI."),
        cli
          ? tr("Register the redirect URI that “auth-desktop providers” shows at the provider.")
          : tr("Check the redirect URI registered at the provider."))
    case (_, .configuration(let issue)): return configuration(issue, error, surface)
    case (.invalidProviderID, _):
      let unsupported =
        error.providerID.map { tr("AuthDesktop does not support the provider “{id}”.", ["id": $0]) }
        ?? tr("AuthDesktop does not support this provider.")
      return sentences(unsupported, tr("Use {ids}.", ["ids": ProviderTable.builtIn.describedIDs]))
    case (.invalidCustomParameter, .customParameter(let problem)): return customParameter(problem)
    case (.invalidGitCredentialRequest, _): return gitRequestBody(for: surface)
    case (.insecureEndpoint, _):
      return tr(
        "The provider named an address that does not use https, so it was not used. Check the provider's settings.")
    case (.noPendingAuthorization, _):
      return sentences(
        tr("No sign-in is waiting for this link: it was cancelled, it expired, or it started elsewhere."), startAgain)
    case (.redirectURIMismatch, _):
      return sentences(tr("This link does not belong to a sign-in in progress."), startAgain)
    case (.invalidState, .state(let problem)): return state(problem)
    case (.timeout, .timeout(let duration)) where error.origin == .request:
      // A device sign-in's (RFC 8628): nobody approved the code in time.
      return cli
        ? ntr(
          "The sign-in was not approved within {count} second, so it was cancelled. Run the command again; --timeout sets how long it waits.",
          "The sign-in was not approved within {count} seconds, so it was cancelled. Run the command again; --timeout sets how long it waits.",
          seconds(duration))
        : tr("The sign-in was not approved in time and was cancelled. Start it again.")
    case (.webContextCancelled, .timeout(let duration)), (.timeout, .timeout(let duration)):
      return cli
        ? ntr(
          "No answer came from the browser within {count} second, so the sign-in was cancelled. Run the command again; --timeout sets how long it waits.",
          "No answer came from the browser within {count} seconds, so the sign-in was cancelled. Run the command again; --timeout sets how long it waits.",
          seconds(duration))
        : tr("The sign-in took too long and was cancelled. Start it again.")
    case (.timeout, _):
      return cli
        ? tr(
          "No answer came from the browser in time, so the sign-in was cancelled. Run the command again; --timeout sets how long it waits."
        )
        : tr("The sign-in took too long and was cancelled. Start it again.")
    case (.codeExpired, _):
      return sentences(
        tr("The code expired before the sign-in was approved."),
        cli ? tr("Run the command again for a new code.") : tr("Start again for a new code."))
    case (.webContextCancelled, _): return tr("The sign-in was declined or cancelled. Nothing was changed.")
    case (.issuerMismatch, _):
      return
        tr(
          "The answer came from another identity provider than the one the sign-in started with, so it was refused. Check the provider's issuer in the configuration."
        )
    case (.providerError, .providerError(let response)): return providerRefused(response)
    case (.providerError, _): return tr("The provider refused the sign-in. Try again later.")
    case (.networkRequestFailed, .network(let failure)):
      return sentences(network(failure), tr("Check the network connection (and any proxy), then try again."))
    case (.networkRequestFailed, _):
      return tr("The provider could not be reached. Check the network connection (and any proxy), then try again.")
    case (.invalidProviderResponse, .httpStatus(let status)):
      return tr("The provider answered with an error (HTTP {status}). Try again later.", ["status": String(status)])
    case (.invalidProviderResponse, _):
      return tr("The provider sent an answer AuthDesktop could not understand. Try again later.")
    case (.invalidCredential, _): return sentences(tr("The provider did not accept the sign-in."), startAgain)
    case (.invalidClient, _):
      return
        tr(
          "The provider rejected this app's client ID or secret. Check client_id and client_secret (consumer_key and consumer_secret for X) in the configuration."
        )
    case (.invalidIDToken, _):
      return tr("The identity token from the provider is not valid. Check this computer's clock, then try again.")
    case (.missingOrInvalidNonce, _):
      return sentences(tr("The identity token does not belong to this sign-in."), startAgain)
    case (.userTokenExpired, _):
      return sentences(
        tr("The session with the provider has ended."),
        cli ? tr("Sign in again with “auth-desktop sign-in PROVIDER”.") : tr("Sign in again."))
    case (.browserUnavailable, _):
      return sentences(
        tr("No web browser could be opened."),
        cli ? tr("Open the link below in a browser.") : tr("Copy the link and open it in a browser."))
    case (.sessionBusUnavailable, _):
      return sentences(
        tr("There is no desktop session bus, so the browser's answer cannot reach AuthDesktop."),
        cli
          ? tr("Sign in where a desktop session runs, or set redirect = “loopback” for this provider.")
          : tr("Set redirect = “loopback” for this provider."))
    case (.loopbackUnavailable, _):
      return
        tr(
          "AuthDesktop could not listen on 127.0.0.1 for the provider's answer. Try again; if it keeps failing, set redirect = “scheme” for this provider."
        )
    case (.emulatorPortInUse, .port(let issue)), (.emulatorUnavailable, .port(let issue)):
      return port(issue, surface)
    case (.emulatorPortInUse, _), (.emulatorUnavailable, _):
      return cli
        ? tr("The provider emulator could not start. Choose another port with --port or AUTH_DESKTOP_EMULATOR_PORT.")
        : tr("The provider emulator could not start. Try again.")
    case (.accountExistsWithDifferentCredential, .accountConflict(let conflict)):
      return conflictBody(conflict, surface)
    case (.credentialAlreadyInUse, .credentialInUse(let inUse)):
      let account =
        inUse.email.map {
          tr(
            "The {provider} account {email} belongs to another user of this app.",
            ["provider": providerName(inUse.providerID), "email": $0])
        }
        ?? tr(
          "This {provider} account belongs to another user of this app.",
          ["provider": providerName(inUse.providerID)])
      return sentences(account, tr("Sign in with it instead, or unlink it from the other user first."))
    case (.providerAlreadyLinked, _):
      if error.providerID == "password" { return tr("This account already has a password.") }
      return provider.map {
        tr(
          "{provider} is already linked to this account. Unlink it first to link another {provider} account.",
          ["provider": $0])
      } ?? tr("That provider is already linked to this account.")
    case (.emailAlreadyInUse, _):
      let taken =
        error.email.map { tr("{email} is already used by another account.", ["email": $0]) }
        ?? tr("The email address is already used by another account.")
      return sentences(taken, tr("Sign in to that account instead."))
    case (.noSuchProvider, _):
      return provider.map { tr("{provider} is not linked to this account.", ["provider": $0]) }
        ?? tr("This account is not linked to a provider.")
    case (.lastSignInMethod, _):
      // Removing the password: a provider is the way to keep signing in, not a password.
      if error.providerID == "password" {
        return tr("The password is the only way to sign in to this account. Link a provider before removing it.")
      }
      let only =
        provider.map { tr("{provider} is the only way to sign in to this account.", ["provider": $0]) }
        ?? tr("This is the only way to sign in to this account.")
      return sentences(only, tr("Link another provider or set a password before removing it."))
    case (.userMismatch, _):
      return
        tr(
          "That sign-in belongs to another account than the one signed in. Reauthenticate with one of this account's methods."
        )
    case (.requiresRecentLogin, _):
      return sentences(
        tr("This needs a recent sign-in."),
        cli
          ? tr("Reauthenticate with “auth-desktop sign-in PROVIDER --reauthenticate”, then run the command again.")
          : tr("Choose Reauthenticate, then try again."))
    case (.weakPassword, .password(.missing)):
      return cli
        ? tr("No password arrived on standard input. Type it, or pipe it in on one line.") : tr("Enter a password.")
    case (.weakPassword, .password(.tooShort(let count))):
      return ntr(
        "The password must be at least {count} character long.",
        "The password must be at least {count} characters long.",
        count)
    case (.weakPassword, _): return tr("The password is too short.")
    case (.wrongPassword, _): return tr("The password is wrong.")
    case (.userNotFound, _):
      return sentences(
        tr("There is no account with this email address."),
        cli ? tr("Create one with “auth-desktop sign-up-email EMAIL”.") : tr("Check the address, or create an account.")
      )
    case (.invalidEmail, _): return tr("The email address is not valid.")
    case (.tooManyRequests, _): return tr("Too many failed attempts. Wait a few minutes, then try again.")
    case (.noCurrentUser, _):
      return sentences(
        tr("Nobody is signed in."),
        cli
          ? tr("Sign in first with “auth-desktop sign-in PROVIDER” or “auth-desktop sign-in-email EMAIL”.")
          : tr("Sign in first."))
    case (.noPendingCredential, _):
      return
        tr(
          "No sign-in is waiting to be linked, or it expired after 10 minutes. Start the sign-in with the other provider again."
        )
    case (.unknownAccount, _), (.ambiguousAccount, _): return accountsBody(error, for: surface)
    case (.unknownApp, _): return appsBody(error, for: surface)
    case (.accountSignedOut, _):
      return sentences(
        tr("The account this sign-in was for was signed out before the sign-in finished. Nothing was linked."),
        cli ? tr("Sign in as that account again, then start over.") : tr("Sign in as that account again."))
    case (.secretStoreUnavailable, .secretStore(let problem)): return secretStore(problem, surface)
    case (.secretStoreUnavailable, _): return secretStore(.failed, surface)
    case (.storageFailure, .storage(let issue)): return storage(issue, surface)
    case (.storageFailure, _):
      return tr("The accounts on this computer could not be read or saved. Check the free space, then try again.")
    case (.internalError, _):
      return sentences(
        tr("Something went wrong inside AuthDesktop."),
        cli ? tr("Run the command again with --verbose and report what it prints.") : tr("Please report this problem."))
    case (.accountExistsWithDifferentCredential, _):
      return tr(
        "An account with this email address already exists. Sign in with the method it uses, then link this one.")
    case (.credentialAlreadyInUse, _):
      return
        tr(
          "This provider account belongs to another user of this app. Sign in with it instead, or unlink it from the other user first."
        )
    case (.invalidState, _): return state(.unknown)
    case (.invalidCustomParameter, _): return tr("A custom parameter of this sign-in cannot be used. Remove it.")
    case (.operationNotAllowed, .providerError) where refusesDeviceGrant(error):
      return sentences(
        provider.map { tr("{provider} has not enabled sign-in with a code for this app.", ["provider": $0]) }
          ?? tr("The provider has not enabled sign-in with a code for this app."),
        cli
          ? tr("Enable the device flow in the app's settings at the provider, or sign in without --device.")
          : tr("Enable the device flow in the app's settings at the provider, or sign in with the browser."))
    case (.operationNotAllowed, _) where refusesDeviceGrant(error):
      return sentences(
        provider.map { tr("{provider} does not offer sign-in with a code on another device.", ["provider": $0]) }
          ?? tr("This provider does not offer sign-in with a code on another device."),
        cli ? tr("Sign in without --device.") : tr("Sign in with the browser."))
    case (.operationNotAllowed, _): return tr("This provider is not set up in the configuration.")
    case (.userDisabled, _), (.invalidAPIKey, _), (.appNotAuthorized, _), (.invalidTenantID, _),
      (.invalidCustomToken, _),
      (.customTokenMismatch, _), (.invalidActionCode, _), (.expiredActionCode, _), (.multiFactorAuthRequired, _),
      (.invalidVerificationCode, _), (.invalidMultiFactorSession, _), (.multiFactorInfoNotFound, _),
      (.maximumSecondFactorCountExceeded, _), (.unverifiedEmail, _), (.unsupportedFirstFactor, _):
      return tr("The Firebase project refused the request.")
    case (.invalidConfiguration, _):
      return sentences(
        tr("The configuration is not valid."),
        cli ? tr("Run “auth-desktop doctor” to check it.") : tr("Fix it, then try again."))
    }
  }

  static let startAgain = tr("Start the sign-in again.")
}
