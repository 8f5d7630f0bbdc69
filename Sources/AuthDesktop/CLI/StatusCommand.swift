import ArgumentParser
import AuthDesktopKit
import AuthDesktopShared
import AuthEmulator
import AuthEngine
import Foundation

struct StatusCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "status", abstract: "Who is signed in.")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      let user = try await context.auth.currentUser()
      let warning = context.configuration.app.secretStore.warning
      if output.json {
        Output.json(["signedIn": user != nil, "user": user.map(Output.user) ?? NSNull(), "warning": warning])
        return
      }
      if let warning { Output.errorLine("warning: \(warning)") }
      guard let user else { return Output.line("Signed out.") }
      Output.line("Signed in: \(user.displayName ?? "(no name)") <\(user.email ?? "no email")>")
      Output.line("uid: \(user.uid)")
      for info in user.providerData { Output.line("linked: \(info.providerID) (\(info.uid))") }
    }
  }
}

struct MethodsCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "methods", abstract: "How an email's account signs in.")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var email: String

  func execute() async throws {
    try await Output.run(output) {
      let methods = try await CLIContext(globals).auth.fetchSignInMethods(forEmail: email)
      if output.json { Output.json(["email": email, "methods": methods]) } else { methods.forEach(Output.line) }
    }
  }
}

struct ProvidersCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "providers", abstract: "The configured providers.")
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      var rows: [[String: Any?]] = []
      for id in context.configuration.providerIDs {
        let redirect = try await context.auth.providers.redirectURI(for: id)
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
