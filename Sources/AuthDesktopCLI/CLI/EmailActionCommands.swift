import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `send-password-reset EMAIL`: the Firebase project emails a password-reset code.
struct SendPasswordResetCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "send-password-reset", abstract: tr("Email a password-reset code to an address (Firebase)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var email: String

  func execute() async throws {
    try await Output.run(output) {
      try await CLIContext(globals).auth.sendPasswordReset(toEmail: email)
      let address = email.trimmingCharacters(in: .whitespacesAndNewlines)
      // Under email-enumeration protection an unknown address answers the same: so does this line.
      if output.json {
        Output.json(["sent": true, "email": address])
      } else {
        Output.line(tr("If {email} has an account, a password-reset email is on its way.", ["email": address]))
      }
    }
  }
}

/// `reset-password`: the code of the email, then the new password, on stdin (one line each).
struct ResetPasswordCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "reset-password",
    abstract: tr("Set a new password with a password-reset code (code, then password, on stdin)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let code = try SecretLine.read(orThrow: .invalidActionCode, "no code on stdin")
      let password = try PasswordInput.read()
      let email = try await CLIContext(globals).auth.confirmPasswordReset(
        code: ActionCode(code), newPassword: password)
      if output.json {
        Output.json(["passwordReset": true, "email": email])
      } else {
        Output.line(tr("The password of {email} was changed. Sign in with the new one.", ["email": email]))
      }
    }
  }
}

/// `verify-email`: the project emails a verification code to the signed-in account's address;
/// `verify-email --apply` applies such a code, read from stdin.
struct VerifyEmailCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "verify-email",
    abstract: tr("Email a verification code to the signed-in account's address, or apply one (--apply)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Flag(help: ArgumentHelp(tr("Apply the code of a verification email, read from stdin."))) var apply = false

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      if apply {
        let code = try SecretLine.read(orThrow: .invalidActionCode, "no code on stdin")
        try await context.auth.applyEmailVerification(code: ActionCode(code))
        if output.json {
          Output.json(["emailVerified": true])
        } else {
          Output.line(tr("The email address is verified."))
        }
        return
      }
      let user = try await context.requireUser()
      try await user.sendEmailVerification()
      let email = user.email ?? ""
      if output.json {
        Output.json(["sent": true, "email": email])
      } else {
        Output.line(tr("A verification email is on its way to {email}.", ["email": email]))
      }
    }
  }
}
