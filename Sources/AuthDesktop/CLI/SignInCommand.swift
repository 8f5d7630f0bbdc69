import ArgumentParser
import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

/// `sign-in PROVIDER [--link|--reauthenticate] [--scope S]... [--param K=V]... [--no-browser] [--no-wait]
/// [--device] [--timeout SECONDS] [--json]`.
struct SignInCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "sign-in", abstract: "Sign in with a provider.")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "github.com, twitter.com or oidc.NAME") var provider: String
  @Flag(help: "Link the provider to the signed-in user.") var link = false
  @Flag(help: "Prove again that you are the signed-in user.") var reauthenticate = false
  @Option(name: .customLong("scope"), help: "An extra scope (repeatable).") var scopes: [String] = []
  @Option(name: .customLong("param"), help: "A custom authorization parameter K=V (repeatable).") var params: [String] =
    []
  @Flag(name: .customLong("no-browser"), help: "Print the authorization URL instead of opening a browser.")
  var noBrowser = false
  @Flag(name: .customLong("no-wait"), help: "Return once the sign-in is pending (custom-scheme redirects only).")
  var noWait = false
  @Flag(help: "Sign in with a code on another device (over SSH, without a browser here).") var device = false
  @Option(
    help: "How long to wait, in seconds (300 for the browser's redirect; with --device, until the code expires).")
  var timeout: Double?

  /// The browser's redirect is waited for this long without --timeout.
  static let defaultRedirectTimeout: TimeInterval = 300

  func validate() throws {
    if link && reauthenticate { throw ValidationError("--link and --reauthenticate exclude each other") }
    if device && noWait { throw ValidationError("--device and --no-wait exclude each other") }
    if let timeout, !(timeout > 0) { throw ValidationError("--timeout must be positive") }
  }

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      var request = OAuthProvider(providerID: provider)
      request.scopes = scopes
      for param in params {
        guard let equals = param.firstIndex(of: "="), equals != param.startIndex else {
          throw AuthError(.invalidCustomParameter, origin: .request, payload: .customParameter(.malformed(param)))
        }
        request.customParameters[String(param[..<equals])] = String(param[param.index(after: equals)...])
      }
      let intent: SignInIntent = link ? .link : reauthenticate ? .reauthenticate : .signIn
      try await context.ensureEmulator(outlivesThisProcess: noWait)
      let redirect = SignInRedirect.choose(
        providerID: provider, context: context,
        flag: device ? "--device" : noWait ? "--no-wait" : noBrowser ? "--no-browser" : nil, verbose: output.verbose)
      let result: AuthDataResult?
      if redirect.kind == .device && !noWait {
        result = try await DeviceSignInFlow(context: context, json: output.json, timeout: timeout).run(
          request, intent: intent)
      } else {
        let flow = SignInFlow(
          context: context, json: output.json, openBrowser: !noBrowser && !redirect.printsLink,
          mode: redirect.engineMode, timeout: timeout ?? Self.defaultRedirectTimeout)
        result = try await flow.run(request, intent: intent, wait: !noWait)
      }
      guard let result else { return }
      Output.signedIn(result.user, isNewUser: result.additionalUserInfo?.isNewUser ?? false, json: output.json)
    }
  }
}
