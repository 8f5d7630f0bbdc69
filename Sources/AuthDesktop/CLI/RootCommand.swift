import ArgumentParser
import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

/// `auth-desktop` — the window; and the subcommands scripts use.
struct AuthDesktopCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "auth-desktop",
    abstract: "Sign in with GitHub, X and OpenID Connect providers, from the desktop or a script.",
    subcommands: [
      SignInCommand.self, SignUpEmailCommand.self, SignInEmailCommand.self, LinkPendingCommand.self,
      StatusCommand.self, TokenCommand.self, IDTokenCommand.self, UnlinkCommand.self, SignOutCommand.self,
      DeleteAccountCommand.self, MethodsCommand.self, ProvidersCommand.self, InstallCommand.self, DoctorCommand.self,
      EmulatorCommand.self,
    ])

  @OptionGroup var globals: GlobalOptions

  func execute() async throws {
    // `main.swift` opens the window for this command when there is a display.
    Output.errorLine(
      "auth-desktop: the window needs a display (DISPLAY or WAYLAND_DISPLAY); see `auth-desktop --help`.")
    throw ExitCode(2)
  }
}

/// `auth-desktop [--config F] [--data-dir D] [--json] URI`: deliver a redirect (what the .desktop
/// file's `Exec=auth-desktop %u` runs). Dispatched by `main.swift`, because a root command with both
/// subcommands and a positional argument does not parse reliably.
struct DeliverCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "auth-desktop")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: "The redirect URI.") var uri: String

  /// Whether `arguments` deliver a URI: an argument that starts with a URI scheme.
  static func matches(_ arguments: [String]) -> Bool {
    arguments.contains { argument in
      guard let colon = argument.firstIndex(of: ":"), let first = argument.first, first.isLetter else { return false }
      return argument[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
  }

  func execute() async throws {
    try await Output.run(output) {
      guard let url = URL(string: uri), url.scheme != nil else {
        throw AuthError(.redirectURIMismatch, origin: .redirect, detail: "not a URI")
      }
      let context = try await CLIContext(globals)
      let result = try await context.auth.completeRedirect(url)
      Output.signedIn(result.user, isNewUser: result.additionalUserInfo?.isNewUser ?? false, json: output.json)
    }
  }
}
