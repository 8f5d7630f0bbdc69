import AuthEngine

/// The sentences for the payloads: where a setting is wrong and how, a port, a secret store, a file,
/// an account conflict; and which operation-not-allowed is a refused device grant.
extension ErrorWording {
  // MARK: Configuration

  /// "FILE: KEY is required. Fix it, then …", from the file, the key and the problem.
  static func configuration(_ issue: ConfigurationIssue, _ error: AuthError, _ surface: Surface) -> String {
    let cli = surface == .commandLine
    if case .unusableRedirectMode(let mode) = issue.problem, let providerID = error.providerID {
      let provider = providerName(providerID)
      return sentences(
        tr(
          "{provider} is set up for the “{mode}” redirect, which this sign-in cannot use.",
          ["provider": provider, "mode": mode.rawValue]),
        cli && mode == .loopback ? tr("Run the command without --no-wait, or set redirect = “scheme” for it.") : nil)
    }
    let problem = problemSentence(issue)
    let located = issue.file.map { tr("{file}: {problem}", ["file": $0, "problem": problem]) } ?? problem
    if issue.problem == .fileNotFound {
      return sentences(
        located,
        cli
          ? tr("Check the path given with --config or in AUTH_DESKTOP_CONFIG.")
          : tr("Check the path given in AUTH_DESKTOP_CONFIG, then try again."))
    }
    return sentences(located, cli ? tr("Fix it, then run the command again.") : tr("Fix it, then try again."))
  }

  /// What is wrong with the setting `issue` names, as one sentence.
  static func problemSentence(_ issue: ConfigurationIssue) -> String {
    var values = ["key": issue.qualifiedKey ?? ""]
    let template: String
    switch issue.problem {
    case .fileNotFound: template = tr("The file does not exist.")
    case .notUTF8: template = tr("The file is not UTF-8 text.")
    case .syntaxError(let line, let column):
      (values["line"], values["column"]) = (String(line), String(column))
      template = tr("There is a TOML syntax error at line {line}, column {column}.")
    case .unknownKey(let allowed):
      values["allowed"] = allowed.joined(separator: ", ")
      template = tr("{key} is not a known setting. The settings here are: {allowed}.")
    case .unknownProvider(let known):
      values["known"] = known.map { "“\($0)”" }.joined(separator: ", ")
      template = tr("{key} names a provider AuthDesktop does not support. The providers are: {known}.")
    case .missingTable: template = tr("{key} is missing. Add it to use this provider.")
    case .required: template = tr("{key} is required.")
    case .wrongType(.table): template = tr("{key} must be a table.")
    case .wrongType(.string): template = tr("{key} must be a string.")
    case .wrongType(.boolean): template = tr("{key} must be true or false.")
    case .wrongType(.stringArray): template = tr("{key} must be an array of strings.")
    case .notADirectory, .repeatedDirectory, .directoryOrRemote, .notARemote, .repeatedRemote, .unknownAccount,
      .wrongType(.tableArray):
      return accountRuleProblem(issue.problem, key: values["key"] ?? "")
    case .empty: template = tr("{key} must not be empty.")
    case .invalidListItem: template = tr("{key} must list non-empty strings without spaces.")
    case .notOneOf(let allowed):
      values["allowed"] = allowed.map { "“\($0)”" }.joined(separator: ", ")
      template = tr("{key} must be one of: {allowed}.")
    case .notAURIScheme:
      values["example"] = AppIdentity.authDesktop.redirectScheme
      template = tr("{key} must be a URI scheme such as “{example}”.")
    case .notAbsoluteURL: template = tr("{key} must be an absolute URL.")
    case .insecureURL: template = tr("{key} must use https (plain http is allowed only on 127.0.0.1).")
    case .hasQueryOrFragment: template = tr("{key} must not have a query or a fragment.")
    case .notARedirectURI:
      template = tr("{key} must use the app's URI scheme, or http://127.0.0.1 for a loopback redirect.")
    case .loopbackHostName: template = tr("{key} must use 127.0.0.1, not localhost.")
    case .notAGitHost: template = tr("{key} must list host names, each with an optional :PORT, such as “github.com”.")
    case .loopbackPort: template = tr("{key} must not name a port: each sign-in chooses its own.")
    case .wrongRedirectScheme(let expected):
      values["scheme"] = expected
      template = tr("{key} must use the app's scheme “{scheme}” (set by [app] redirect_scheme).")
    case .contradictsRedirectMode(.scheme):
      template = tr("{key} is “scheme”, but redirect_uri is a loopback address.")
    case .contradictsRedirectMode(.device):
      template = tr(
        "{key} is “device”, whose browser sign-ins use the app's scheme, but redirect_uri is a loopback address.")
    case .contradictsRedirectMode(.loopback):
      template = tr("{key} must be http://127.0.0.1/PATH when redirect is “loopback”.")
    case .unusableRedirectMode(let mode):
      values["mode"] = mode.rawValue
      template = tr("{key} is “{mode}”, which this sign-in cannot use.")
    case .onlyWithProtocol(let name):
      values["protocol"] = name
      template = tr("{key} is used only with protocol = “{protocol}”.")
    case .unsupportedProtocol(let name):
      values["protocol"] = name
      template = tr("{key}: this provider does not support “{protocol}”.")
    case .notAPort(let value):
      values["value"] = value
      template = tr("{key}={value} is not a port number.")
    case .invalidRedirectPath: template = tr("{key} does not have a valid URI path.")
    case .notAnIdentifier: template = tr("{key} must be letters, digits and “-” (as the Firebase console shows it).")
    case .notALoopbackHost(let value):
      values["value"] = value
      template = tr("{key} “{value}” is not HOST:PORT on 127.0.0.1 or localhost (an Auth emulator speaks plain http).")
    }
    return fill(template, values)
  }

  // MARK: The request and the redirect

  static func customParameter(_ problem: CustomParameterProblem) -> String {
    switch problem {
    case .reserved(let name):
      tr("The sign-in sets “{name}” itself, so it cannot be a custom parameter. Remove it.", ["name": name])
    case .invalidScope(let scope):
      tr(
        "The scope “{scope}” is not valid: a scope is not empty and has no spaces, quotes or backslashes.",
        ["scope": scope])
    case .malformed(let argument):
      tr("--param takes NAME=VALUE, but “{argument}” has no “=”.", ["argument": argument])
    }
  }

  static func state(_ problem: StateProblem) -> String {
    switch problem {
    case .expired: sentences(tr("The sign-in took too long at the provider and expired."), startAgain)
    case .alreadyUsed, .unknown:
      sentences(tr("This sign-in link was used already, or belongs to no sign-in here."), startAgain)
    case .missing, .malformedQuery, .repeatedParameter, .tokenMismatch:
      sentences(tr("This sign-in link is not valid: it does not match the sign-in in progress."), startAgain)
    }
  }

  /// The provider's RFC 6749 §5.2 error, quoted (it is sanitized printable ASCII).
  static func providerRefused(_ response: OAuthErrorResponse) -> String {
    let said =
      response.errorDescription.flatMap { $0.isEmpty ? nil : $0 }.map {
        tr(
          "The provider refused the sign-in and said “{error}” ({description}).",
          ["error": response.error, "description": $0])
      } ?? tr("The provider refused the sign-in and said “{error}”.", ["error": response.error])
    return sentences(said, tr("Check the app's settings at the provider, such as scopes and permissions."))
  }

  static func network(_ failure: NetworkFailure) -> String {
    guard let host = failure.host else { return tr("The provider could not be reached.") }
    let values = ["host": host]
    switch failure.reason {
    case .timedOut(let after):
      return ntr(
        "{host} did not answer within {count} second.", "{host} did not answer within {count} seconds.",
        seconds(after), values)
    case .connectionRefused: return tr("{host} refused the connection.", values)
    case .hostNotFound: return tr("{host} could not be found.", values)
    case .secureConnectionFailed: return tr("A secure connection to {host} could not be made.", values)
    case .offline: return tr("This computer is not connected to a network.")
    case .notHTTP: return tr("{host} did not answer as a web server.", values)
    case .other: return tr("{host} could not be reached.", values)
    }
  }

  // MARK: This computer

  static func port(_ issue: PortIssue, _ surface: Surface) -> String {
    let cli = surface == .commandLine
    let values = ["port": issue.port.map { String($0) } ?? "", "variable": EmulatorMode.portVariable]
    let what: String
    switch (issue.problem, issue.port) {
    case (.inUse, _?):
      what = tr("Another program already listens on port {port}, where the provider emulator should run.")
    case (.answeredByAnotherProgram, _?):
      what = tr("Another program answers on port {port}, where the provider emulator should run.")
    case (.nothingAnswers, _?):
      return cli
        ? tr(
          "No provider emulator answers on port {port}. Start one with “auth-desktop emulator” (--no-wait needs one that outlives the command), then run the command again.",
          values)
        : tr("No provider emulator answers on port {port}. Try again.", values)
    case (.cannotListen, _?): what = tr("The provider emulator cannot listen on port {port}.")
    case (_, nil): what = tr("The provider emulator cannot listen on this computer.")
    }
    return sentences(
      fill(what, values),
      cli
        ? tr(
          "Stop that program, or choose another port: “auth-desktop emulator --port N”, or {variable}=N for the other commands.",
          values)
        : tr(
          "Quit the program that uses it, or start AuthDesktop with {variable} set to another port, then try again.",
          values))
  }

  static func secretStore(_ problem: SecretStoreProblem, _ surface: Surface) -> String {
    let what: String
    switch problem {
    case .locked: what = tr("The keyring is locked, or its unlock prompt was dismissed.")
    case .missingCollection: what = tr("The keyring has no collection to keep the secrets in.")
    case .noProvider: what = tr("No keyring (Secret Service) is running.")
    case .noSessionBus: what = tr("There is no D-Bus session bus, so no keyring can be reached.")
    case .noAnswer: what = tr("The keyring did not answer.")
    case .accessDenied: what = tr("The keyring refused access.")
    case .cancelled: what = tr("The keyring request was cancelled.")
    case .notStored: what = tr("The keyring did not keep the secret.")
    case .failed: what = tr("The keyring failed.")
    case .folderNotWritable(let path):
      return sentences(
        tr("AuthDesktop cannot write its secret files in {path}.", ["path": path]),
        tr("Check the folder's permissions and the free space, then try again."))
    }
    return sentences(
      what,
      surface == .commandLine
        ? tr(
          "Unlock or start the keyring (for example gnome-keyring), or set secret_store = “file” in [app]; “auth-desktop doctor” checks it."
        )
        : tr("Unlock or start the keyring, then try again."))
  }

  static func storage(_ issue: StorageIssue, _ surface: Surface) -> String {
    var values = ["path": issue.path]
    let what: String
    switch issue.problem {
    case .cannotCreate: what = tr("{path} could not be created.")
    case .cannotOpen: what = tr("{path} could not be opened.")
    case .cannotRead: what = tr("{path} could not be read.")
    case .cannotWrite: what = tr("{path} could not be written.")
    case .invalidContents(let keptAs?):
      values["kept"] = keptAs
      return tr("{path} could not be read, so it was kept as {kept} and started afresh.", values)
    case .invalidContents(nil): return tr("{path} could not be read. Move it away, then try again.", values)
    }
    return sentences(fill(what, values), tr("Check the folder's permissions and the free space, then try again."))
  }
}

extension AuthError.Payload {
  var isExpired: Bool {
    if case .state(.expired) = self { return true }
    return false
  }

  var isTimeout: Bool {
    if case .timeout = self { return true }
    return false
  }

  var host: String? {
    if case .network(let failure) = self { return failure.host }
    return nil
  }

  var portNumber: UInt16? {
    if case .port(let issue) = self { return issue.port }
    return nil
  }
}

extension ErrorWording {
  /// `auth/operation-not-allowed` from a device sign-in (RFC 8628): the provider has no device grant,
  /// or refuses it to this app. The configuration's and a Firebase project's come with their own cause.
  static func refusesDeviceGrant(_ error: AuthError) -> Bool {
    guard case .needsFirebase = error.payload else {
      return error.code == .operationNotAllowed && error.configurationIssue == nil && error.origin != .accountServer
    }
    return false
  }

  /// `auth/account-exists-with-different-credential`.
  static func conflictBody(_ conflict: AccountConflict, _ surface: Surface) -> String {
    let values = [
      "email": conflict.email, "methods": methodList(conflict.signInMethods),
      "provider": providerName(conflict.providerID),
    ]
    let exists = tr("An account for {email} already exists. It signs in with: {methods}.", values)
    // It has another account at the same provider (two OpenID identities, one email): no second one
    // can be linked.
    if conflict.signInMethods.contains(conflict.providerID) {
      return sentences(
        exists,
        tr(
          "It already has another {provider} account, and only one can be linked. Sign in with one of its methods.",
          values))
    }
    return sentences(
      exists,
      surface == .commandLine
        ? tr(
          "Sign in with one of those, then run “auth-desktop link-pending” within 10 minutes to link {provider}.",
          values)
        : tr("Sign in with one of those, and {provider} will be linked to the account.", values))
  }
}
