import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// The password comes on stdin (one line), never as an argument (it would show in `ps`).
enum PasswordInput {
  static func read() throws -> Password {
    guard let line = Swift.readLine(strippingNewline: true), !line.isEmpty else {
      throw AuthError(.weakPassword, origin: .request, payload: .password(.missing))
    }
    return Password(line)
  }
}

struct SignUpEmailCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-up-email", abstract: tr("Create an email/password account (password on stdin)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var email: String

  func execute() async throws {
    try await Output.run(output) {
      let password = try PasswordInput.read()
      let result = try await CLIContext(globals).auth.createUser(email: email, password: password)
      Output.signedIn(result.user, isNewUser: true, json: output.json)
    }
  }
}

struct SignInEmailCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-in-email", abstract: tr("Sign in with email and password (password on stdin)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var email: String
  @Flag(help: ArgumentHelp(tr("Add email/password sign-in to the signed-in user instead."))) var link = false
  @Flag(
    name: .customLong("totp-code-stdin"),
    help: ArgumentHelp(tr("With a second factor, read its code from stdin (the line after the password).")))
  var totpCodeStdin = false

  func execute() async throws {
    try await Output.run(output) {
      let password = try PasswordInput.read()
      let context = try await CLIContext(globals)
      let auth = context.auth
      if link {
        let uid = try await context.chooseUser().user.uid
        Output.signedIn(
          try await auth.linkPassword(email: email, password: password, uid: uid), isNewUser: false,
          json: output.json)
      } else if let result = try await SecondFactorInput.signIn(
        auth, codeFromStdin: totpCodeStdin,
        {
          try await auth.signIn(email: email, password: password)
        })
      {
        Output.signedIn(result.user, isNewUser: false, json: output.json)
      }
    }
  }
}

struct LinkPendingCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "link-pending", abstract: tr("Link the credential that hit account-exists-with-different-credential."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      let result = try await context.auth.linkPendingCredential(uid: try await context.chooseUser().user.uid)
      Output.signedIn(result.user, isNewUser: false, json: output.json)
    }
  }
}

extension Output {
  static func signedIn(_ user: User, isNewUser: Bool, json asJSON: Bool) {
    if asJSON {
      json(["signedIn": true, "user": Output.user(user), "isNewUser": isNewUser])
    } else if user.isAnonymous {
      line(tr("Signed in anonymously (uid {uid})", ["uid": user.uid]))
    } else {
      line(
        tr(
          "Signed in as {name} (uid {uid})", ["name": user.displayName ?? user.email ?? user.uid, "uid": user.uid]))
    }
  }
}
