import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation

/// `auth-desktop [--config F] [--data-dir D] [--emulator] [--json] URI`: deliver a custom-scheme
/// redirect (what the .desktop file's `Exec=auth-desktop %u` runs). It goes to the process whose
/// sign-in it completes — the window, or a waiting `sign-in` — over the session bus: the running
/// processes are asked first, whatever configuration and data dir they use (`RedirectRoutes`), then the
/// stores this one opens. When that process is gone, a window's sign-in opens a new window with it
/// (with a display); otherwise it is completed here. A failure is also shown as a desktop notification
/// (not with `--json`: a program reads that), since the desktop's handler has nobody reading its stderr.
/// Dispatched by `main.swift`, because a root command with both subcommands and a positional argument
/// does not parse reliably.
struct DeliverCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "auth-desktop")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: ArgumentHelp(tr("The redirect URI."))) var uri: String

  /// Whether `arguments` deliver a URI: their first word that is neither an option nor the value of a
  /// global option starts with a URI scheme. A command comes first otherwise, so a value with a colon
  /// (`token github.com --account github.com:octocat`, `--scope repo:status`) is never taken for one.
  static func matches(_ arguments: [String]) -> Bool {
    var words = arguments[...]
    while let word = words.first, word.hasPrefix("-") {
      words = words.dropFirst(["--config", "--data-dir", "--account"].contains(word) ? 2 : 1)
    }
    guard let argument = words.first, let colon = argument.firstIndex(of: ":"), let first = argument.first,
      first.isLetter
    else { return false }
    return argument[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  func execute() async throws {
    try await Output.run(output) {
      do {
        try await deliver()
      } catch {
        if !output.json {
          let wording = UserFacingError(error, for: .window)
          DesktopNotification.send(
            summary: wording.title, body: wording.body, appName: "AuthDesktop",
            appID: AppIdentity.authDesktop.applicationID)
        }
        throw error
      }
    }
  }

  private func deliver() async throws {
    guard let url = URL(string: uri), url.scheme != nil else {
      throw AuthError(.redirectURIMismatch, origin: .redirect, detail: "not a URI")
    }
    let appID = AppIdentity.authDesktop.applicationID
    if let receiver = RedirectRoutes.receiver(for: url, appID: appID), forward(url, to: receiver) { return }
    let (context, emulator, pending) = try await locate(url)
    if let receiver = pending?.receiver {
      if forward(url, to: receiver) { return }
      if receiver == appID, DisplayEnvironment.hasDisplay(ProcessInfo.processInfo.environment) {
        // The window that began it was closed: a new one completes it and shows the result.
        WindowExecutable.replaceProcess(arguments: windowArguments(emulator: emulator))
      }
    }
    let result = try await context.auth.completeRedirect(url)
    Output.signedIn(result.user, isNewUser: result.additionalUserInfo?.isNewUser ?? false, json: output.json)
  }

  private func forward(_ url: URL, to receiver: String) -> Bool {
    guard RedirectForwarding.forward(url, to: receiver) else { return false }
    if output.json { Output.json(["forwardedTo": receiver]) }
    return true
  }

  /// The sign-in began with or without the provider emulator, so its pending request is in one of the
  /// two account stores (see `EmulatorMode`): the one the options name first, then the other.
  private func locate(_ url: URL) async throws -> (CLIContext, emulator: Bool, PendingAuthorizationRecord?) {
    let named = try await CLIContext(globals)
    if let pending = try await named.auth.authorization.pendingAuthorization(for: url) {
      return (named, globals.emulator, pending)
    }
    var other = globals
    other.emulator.toggle()
    if let context = try? await CLIContext(other),
      let pending = try? await context.auth.authorization.pendingAuthorization(for: url)
    {
      return (context, other.emulator, pending)
    }
    return (named, globals.emulator, nil)
  }

  private func windowArguments(emulator: Bool) -> [String] {
    var options = globals
    options.emulator = emulator
    return options.arguments + [uri]
  }
}
