import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `sign-in PROVIDER [--link|--reauthenticate] [--scope S]... [--param K=V]... [--no-browser] [--no-wait]
/// [--device] [--timeout SECONDS] [--totp-code-stdin] [--json]`, or `sign-in --anonymous`.
struct SignInCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "sign-in", abstract: tr("Sign in with a provider."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: ArgumentHelp(tr("github.com, twitter.com or oidc.NAME"))) var provider: String?
  @Flag(help: ArgumentHelp(tr("Sign in as a new anonymous user (link a provider or a password later to keep it).")))
  var anonymous = false
  @Flag(help: ArgumentHelp(tr("Link the provider to the signed-in user."))) var link = false
  @Flag(help: ArgumentHelp(tr("Prove again that you are the signed-in user."))) var reauthenticate = false
  @Option(name: .customLong("scope"), help: ArgumentHelp(tr("An extra scope (repeatable)."))) var scopes: [String] = []
  @Option(name: .customLong("param"), help: ArgumentHelp(tr("A custom authorization parameter K=V (repeatable).")))
  var params: [String] =
    []
  @Flag(
    name: .customLong("no-browser"), help: ArgumentHelp(tr("Print the authorization URL instead of opening a browser."))
  )
  var noBrowser = false
  @Flag(
    name: .customLong("no-wait"),
    help: ArgumentHelp(tr("Return once the sign-in is pending (custom-scheme redirects only).")))
  var noWait = false
  @Flag(help: ArgumentHelp(tr("Sign in with a code on another device (over SSH, without a browser here).")))
  var device = false
  @Option(
    help: ArgumentHelp(
      tr("How long to wait, in seconds (300 for the browser's redirect; with --device, until the code expires).")))
  var timeout: Double?
  @Flag(
    name: .customLong("totp-code-stdin"), help: ArgumentHelp(tr("With a second factor, read its code from stdin.")))
  var totpCodeStdin = false

  /// The browser's redirect is waited for this long without --timeout.
  static let defaultRedirectTimeout: TimeInterval = 300

  func validate() throws {
    if anonymous {
      guard provider == nil, !link, !reauthenticate, !device, !noWait, !noBrowser, scopes.isEmpty, params.isEmpty
      else { throw ValidationError(tr("--anonymous takes no provider and no other sign-in option")) }
      return
    }
    if provider == nil { throw ValidationError(tr("Name a provider, or sign in with --anonymous")) }
    if link && reauthenticate { throw ValidationError(tr("--link and --reauthenticate exclude each other")) }
    if device && noWait { throw ValidationError(tr("--device and --no-wait exclude each other")) }
    if let timeout, !(timeout > 0) { throw ValidationError(tr("--timeout must be positive")) }
  }

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      guard let provider else {
        if context.configuration.firebase != nil { try await context.ensureEmulator() }
        let result = try await context.auth.signInAnonymously()
        return Output.signedIn(result.user, isNewUser: true, json: output.json)
      }
      var request = OAuthProvider(providerID: provider)
      request.scopes = scopes
      for param in params {
        guard let equals = param.firstIndex(of: "="), equals != param.startIndex else {
          throw AuthError(.invalidCustomParameter, origin: .request, payload: .customParameter(.malformed(param)))
        }
        request.customParameters[String(param[..<equals])] = String(param[param.index(after: equals)...])
      }
      let intent: SignInIntent = link ? .link : reauthenticate ? .reauthenticate : .signIn
      // A link or reauthentication is for the chosen account, which the pending request stores: with
      // `--no-wait`, the process that completes the redirect applies it to that account too.
      let account = intent == .signIn ? nil : try await context.chooseUser().user.uid
      try await context.ensureEmulator(outlivesThisProcess: noWait)
      let redirect = SignInRedirect.choose(
        providerID: provider, context: context,
        flag: device ? "--device" : noWait ? "--no-wait" : noBrowser ? "--no-browser" : nil, verbose: output.verbose)
      // `--no-wait` leaves the sign-in to `auth-desktop URI`: a device-grant provider's then uses the scheme.
      let result = try await SecondFactorInput.signIn(context.auth, codeFromStdin: totpCodeStdin) {
        if redirect.mode == .device && !noWait {
          return try await DeviceSignInFlow(context: context, json: output.json, timeout: timeout).run(
            request, intent: intent, account: account)
        }
        let flow = SignInFlow(
          context: context, json: output.json, openBrowser: !noBrowser && !redirect.printsLink,
          mode: redirect.browserMode, timeout: timeout ?? Self.defaultRedirectTimeout)
        return try await flow.run(request, intent: intent, account: account, wait: !noWait)
      }
      guard let result else { return noteWhereTheHandlerLooks() }
      Output.signedIn(result.user, isNewUser: result.additionalUserInfo?.isNewUser ?? false, json: output.json)
    }
  }

  /// `--no-wait` with a configuration or data dir of the command line's: nothing waits to be asked
  /// (`RedirectRoutes`), and the desktop's `auth-desktop URI` opens the environment's, so the user
  /// learns how to complete it.
  private func noteWhereTheHandlerLooks() {
    let desktops = ConfigurationPaths(environment: ProcessInfo.processInfo.environment)
    let paths = globals.paths
    guard paths.configFile != desktops.configFile || paths.dataDirectory != desktops.dataDirectory else { return }
    var options = globals
    options.emulator = false
    let command = (["auth-desktop"] + options.arguments).map(Self.shellWord).joined(separator: " ")
    Output.errorLine(
      "auth-desktop: "
        + tr(
          "the desktop opens the redirect with the default configuration and data dir: complete this sign-in with “{command} URI”.",
          ["command": command]))
  }

  /// `word` as a POSIX shell reads it back: quoted when it holds anything but safe characters.
  static func shellWord(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./_-")
    guard word.isEmpty || !word.allSatisfy(safe.contains) else { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
