import AuthEngine

/// The sentences for the payloads: where a setting is wrong and how, a port, a secret store, a file.
extension ErrorWording {
  // MARK: Configuration

  /// "FILE: KEY is required. Fix it, then …", from the file, the key and the problem.
  static func configuration(_ issue: ConfigurationIssue, _ error: AuthError, _ surface: Surface) -> String {
    let cli = surface == .commandLine
    if case .unusableRedirectMode(let mode) = issue.problem, let providerID = error.providerID {
      let provider = providerName(providerID)
      return sentences(
        fill(
          "{provider} is set up for the “{mode}” redirect, which this sign-in cannot use.",
          ["provider": provider, "mode": mode.rawValue]),
        cli && mode == .loopback ? "Run the command without --no-wait, or set redirect = “scheme” for it." : nil)
    }
    let problem = problemSentence(issue)
    let located = issue.file.map { fill("{file}: {problem}", ["file": $0, "problem": problem]) } ?? problem
    if issue.problem == .fileNotFound {
      return sentences(
        located,
        cli
          ? "Check the path given with --config or in AUTH_DESKTOP_CONFIG."
          : "Check the path given in AUTH_DESKTOP_CONFIG, then try again.")
    }
    return sentences(located, cli ? "Fix it, then run the command again." : "Fix it, then try again.")
  }

  /// What is wrong with the setting `issue` names, as one sentence.
  static func problemSentence(_ issue: ConfigurationIssue) -> String {
    var values = ["key": issue.qualifiedKey ?? ""]
    let template: String
    switch issue.problem {
    case .fileNotFound: template = "The file does not exist."
    case .notUTF8: template = "The file is not UTF-8 text."
    case .syntaxError(let line, let column):
      (values["line"], values["column"]) = (String(line), String(column))
      template = "There is a TOML syntax error at line {line}, column {column}."
    case .unknownKey(let allowed):
      values["allowed"] = allowed.joined(separator: ", ")
      template = "{key} is not a known setting. The settings here are: {allowed}."
    case .unknownProvider(let known):
      values["known"] = known.map { "“\($0)”" }.joined(separator: ", ")
      template = "{key} names a provider AuthDesktop does not support. The providers are: {known}."
    case .missingTable: template = "{key} is missing. Add it to use this provider."
    case .required: template = "{key} is required."
    case .wrongType(.table): template = "{key} must be a table."
    case .wrongType(.string): template = "{key} must be a string."
    case .wrongType(.boolean): template = "{key} must be true or false."
    case .wrongType(.stringArray): template = "{key} must be an array of strings."
    case .empty: template = "{key} must not be empty."
    case .invalidListItem: template = "{key} must list non-empty strings without spaces."
    case .notOneOf(let allowed):
      values["allowed"] = allowed.map { "“\($0)”" }.joined(separator: ", ")
      template = "{key} must be one of: {allowed}."
    case .notAURIScheme:
      values["example"] = AppIdentity.authDesktop.redirectScheme
      template = "{key} must be a URI scheme such as “{example}”."
    case .notAbsoluteURL: template = "{key} must be an absolute URL."
    case .insecureURL: template = "{key} must use https (plain http is allowed only on 127.0.0.1)."
    case .hasQueryOrFragment: template = "{key} must not have a query or a fragment."
    case .notARedirectURI:
      template = "{key} must use the app's URI scheme, or http://127.0.0.1 for a loopback redirect."
    case .loopbackHostName: template = "{key} must use 127.0.0.1, not localhost."
    case .loopbackPort: template = "{key} must not name a port: each sign-in chooses its own."
    case .wrongRedirectScheme(let expected):
      values["scheme"] = expected
      template = "{key} must use the app's scheme “{scheme}” (set by [app] redirect_scheme)."
    case .contradictsRedirectMode(.scheme):
      template = "{key} is “scheme”, but redirect_uri is a loopback address."
    case .contradictsRedirectMode(.device):
      template =
        "{key} is “device”, whose browser sign-ins use the app's scheme, but redirect_uri is a loopback address."
    case .contradictsRedirectMode(.loopback):
      template = "{key} must be http://127.0.0.1/PATH when redirect is “loopback”."
    case .unusableRedirectMode(let mode):
      values["mode"] = mode.rawValue
      template = "{key} is “{mode}”, which this sign-in cannot use."
    case .onlyWithProtocol(let name):
      values["protocol"] = name
      template = "{key} is used only with protocol = “{protocol}”."
    case .unsupportedProtocol(let name):
      values["protocol"] = name
      template = "{key}: this provider does not support “{protocol}”."
    case .notAPort(let value):
      values["value"] = value
      template = "{key}={value} is not a port number."
    case .invalidRedirectPath: template = "{key} does not have a valid URI path."
    case .notAnIdentifier: template = "{key} must be letters, digits and “-” (as the Firebase console shows it)."
    case .notALoopbackHost(let value):
      values["value"] = value
      template = "{key} “{value}” is not HOST:PORT on 127.0.0.1 or localhost (an Auth emulator speaks plain http)."
    }
    return fill(template, values)
  }

  // MARK: The request and the redirect

  static func customParameter(_ problem: CustomParameterProblem) -> String {
    switch problem {
    case .reserved(let name):
      fill("The sign-in sets “{name}” itself, so it cannot be a custom parameter. Remove it.", ["name": name])
    case .invalidScope(let scope):
      fill(
        "The scope “{scope}” is not valid: a scope is not empty and has no spaces, quotes or backslashes.",
        ["scope": scope])
    case .malformed(let argument):
      fill("--param takes NAME=VALUE, but “{argument}” has no “=”.", ["argument": argument])
    }
  }

  static func state(_ problem: StateProblem) -> String {
    switch problem {
    case .expired: sentences("The sign-in took too long at the provider and expired.", startAgain)
    case .alreadyUsed, .unknown:
      sentences("This sign-in link was used already, or belongs to no sign-in here.", startAgain)
    case .missing, .malformedQuery, .repeatedParameter, .tokenMismatch:
      sentences("This sign-in link is not valid: it does not match the sign-in in progress.", startAgain)
    }
  }

  /// The provider's RFC 6749 §5.2 error, quoted (it is sanitized printable ASCII).
  static func providerRefused(_ response: OAuthErrorResponse) -> String {
    let said =
      response.errorDescription.flatMap { $0.isEmpty ? nil : $0 }.map {
        fill(
          "The provider refused the sign-in and said “{error}” ({description}).",
          ["error": response.error, "description": $0])
      } ?? fill("The provider refused the sign-in and said “{error}”.", ["error": response.error])
    return sentences(said, "Check the app's settings at the provider, such as scopes and permissions.")
  }

  static func network(_ failure: NetworkFailure) -> String {
    guard let host = failure.host else { return "The provider could not be reached." }
    var values = ["host": host]
    switch failure.reason {
    case .timedOut(let after):
      values["seconds"] = seconds(after)
      return fill("{host} did not answer within {seconds} seconds.", values)
    case .connectionRefused: return fill("{host} refused the connection.", values)
    case .hostNotFound: return fill("{host} could not be found.", values)
    case .secureConnectionFailed: return fill("A secure connection to {host} could not be made.", values)
    case .offline: return "This computer is not connected to a network."
    case .notHTTP: return fill("{host} did not answer as a web server.", values)
    case .other: return fill("{host} could not be reached.", values)
    }
  }

  // MARK: This computer

  static func port(_ issue: PortIssue, _ surface: Surface) -> String {
    let cli = surface == .commandLine
    let values = ["port": issue.port.map { String($0) } ?? "", "variable": EmulatorMode.portVariable]
    let what: String
    switch (issue.problem, issue.port) {
    case (.inUse, _?): what = "Another program already listens on port {port}, where the provider emulator should run."
    case (.answeredByAnotherProgram, _?):
      what = "Another program answers on port {port}, where the provider emulator should run."
    case (.nothingAnswers, _?):
      return fill(
        cli
          ? "No provider emulator answers on port {port}. Start one with “auth-desktop emulator” (--no-wait needs one that outlives the command), then run the command again."
          : "No provider emulator answers on port {port}. Try again.", values)
    case (.cannotListen, _?): what = "The provider emulator cannot listen on port {port}."
    case (_, nil): what = "The provider emulator cannot listen on this computer."
    }
    return sentences(
      fill(what, values),
      fill(
        cli
          ? "Stop that program, or choose another port: “auth-desktop emulator --port N”, or {variable}=N for the other commands."
          : "Quit the program that uses it, or start AuthDesktop with {variable} set to another port, then try again.",
        values))
  }

  static func secretStore(_ problem: SecretStoreProblem, _ surface: Surface) -> String {
    let what: String
    switch problem {
    case .locked: what = "The keyring is locked, or its unlock prompt was dismissed."
    case .missingCollection: what = "The keyring has no collection to keep the secrets in."
    case .noProvider: what = "No keyring (Secret Service) is running."
    case .noSessionBus: what = "There is no D-Bus session bus, so no keyring can be reached."
    case .noAnswer: what = "The keyring did not answer."
    case .accessDenied: what = "The keyring refused access."
    case .cancelled: what = "The keyring request was cancelled."
    case .notStored: what = "The keyring did not keep the secret."
    case .failed: what = "The keyring failed."
    case .folderNotWritable(let path):
      return sentences(
        fill("AuthDesktop cannot write its secret files in {path}.", ["path": path]),
        "Check the folder's permissions and the free space, then try again.")
    }
    return sentences(
      what,
      surface == .commandLine
        ? "Unlock or start the keyring (for example gnome-keyring), or set secret_store = “file” in [app]; “auth-desktop doctor” checks it."
        : "Unlock or start the keyring, then try again.")
  }

  static func storage(_ issue: StorageIssue, _ surface: Surface) -> String {
    var values = ["path": issue.path]
    let what: String
    switch issue.problem {
    case .cannotCreate: what = "{path} could not be created."
    case .cannotOpen: what = "{path} could not be opened."
    case .cannotRead: what = "{path} could not be read."
    case .cannotWrite: what = "{path} could not be written."
    case .invalidContents(let keptAs?):
      values["kept"] = keptAs
      return fill("{path} could not be read, so it was kept as {kept} and started afresh.", values)
    case .invalidContents(nil): return fill("{path} could not be read. Move it away, then try again.", values)
    }
    return sentences(fill(what, values), "Check the folder's permissions and the free space, then try again.")
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
