import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

struct StatusCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: tr("Who is signed in: the chosen account, and why it was chosen."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      // Nobody signed in is an answer here, unless an account was named: that is an error.
      let choice = try await chosen(context)
      let user = choice?.user
      let warning = context.configuration.app.secretStore.warning
      let project = Output.project(context.auth.accountLocation)
      let hint = user == nil ? await context.emulatorHint() : nil
      if output.json {
        Output.json([
          "signedIn": user != nil, "user": user.map { Output.user($0) } ?? .null, "warning": warning,
          "firebase": project,
          "hint": hint, "chosen": choice.map(Output.choice),
        ])
        return
      }
      if let warning { Output.errorLine(tr("warning: {warning}", ["warning": warning])) }
      if let id = context.auth.accountLocation.firebaseProjectID {
        Output.line(tr("Firebase project: {project}", ["project": id]))
      }
      guard let user else {
        Output.line(tr("Signed out."))
        if let hint { Output.errorLine(hint) }
        return
      }
      Output.line(
        tr(
          "Signed in: {name} <{email}>",
          ["name": user.displayName ?? tr("(no name)"), "email": user.email ?? tr("no email")]))
      Output.line("uid: \(user.uid)")
      if let reason = choice?.reason, reason != .current {
        Output.line(tr("chosen: {reason}", ["reason": reason.explanation]))
      }
      for info in user.providerData {
        Output.line(tr("linked: {provider} ({uid})", ["provider": info.providerID, "uid": info.uid]))
      }
    }
  }

  /// The chosen account; nil when nobody is signed in and nothing named an account.
  private func chosen(_ context: CLIContext) async throws -> AccountChoice? {
    do {
      return try await context.auth.chooseUser(context.accountRequest)
    } catch let error as AuthError where error.code == .noCurrentUser {
      return nil
    }
  }
}

struct MethodsCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "methods", abstract: tr("How an email's account signs in."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var email: String

  func execute() async throws {
    try await Output.run(output) {
      let answer = try await CLIContext(globals).auth.signInMethods(forEmail: email)
      if output.json {
        Output.json(["email": email, "methods": answer.methods, "hidden": answer.hidden ? true : nil])
      } else {
        answer.methods.forEach(Output.line)
        if answer.hidden {
          Output.errorLine(tr("The Firebase project hides how an email signs in (email-enumeration protection)."))
        }
      }
    }
  }
}

struct ProvidersCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "providers", abstract: tr("The configured providers."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      var rows: [[String: Any?]] = []
      for id in context.configuration.providerIDs {
        let redirect = try await context.auth.authorization.redirectURI(for: id)
        rows.append(["providerId": id, "redirectURI": redirect.uri.absoluteString, "redirect": redirect.mode.rawValue])
      }
      if output.json {
        Output.json(["providers": rows])
      } else {
        for row in rows { Output.line("\(row["providerId"]!!)\t\(row["redirect"]!!)\t\(row["redirectURI"]!!)") }
      }
    }
  }
}
