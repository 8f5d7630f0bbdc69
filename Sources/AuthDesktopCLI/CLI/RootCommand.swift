import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `auth-desktop` — the window; and the subcommands scripts use.
struct AuthDesktopCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "auth-desktop",
    abstract: tr("Sign in with GitHub, X and OpenID Connect providers, from the desktop or a script."),
    subcommands: [
      SignInCommand.self, SignUpEmailCommand.self, SignInEmailCommand.self, SignInCustomTokenCommand.self,
      LinkPendingCommand.self, SendPasswordResetCommand.self, ResetPasswordCommand.self, VerifyEmailCommand.self,
      StatusCommand.self, AccountsCommand.self, SwitchCommand.self, TokenCommand.self, IDTokenCommand.self,
      UnlinkCommand.self, SignOutCommand.self,
      DeleteAccountCommand.self, MethodsCommand.self, ProvidersCommand.self, InstallCommand.self, DoctorCommand.self,
      EmulatorCommand.self, GitCredentialCommand.self, MFACommand.self, AppsCommand.self,
    ])

  @OptionGroup var globals: GlobalOptions

  /// No command (or only global options: `auth-desktop --emulator`): the window, with these options. It
  /// says so itself when there is no display.
  func execute() async throws {
    WindowExecutable.replaceProcess(arguments: globals.arguments)
  }
}
