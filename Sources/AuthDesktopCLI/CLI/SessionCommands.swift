import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthDesktopService
import AuthEmulator
import AuthEngine
import Foundation

struct TokenCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "token", abstract: tr("A valid provider access token of the chosen account (refreshed when needed)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var provider: String

  func execute() async throws {
    try await Output.run(output) {
      // The session-bus service's answer, when it is asked and has one (`OwnCommandCall`); else the work here.
      if let answer = OwnCommandCall.accessToken(OwnCommandRequest(globals: globals, provider: provider)) {
        DesktopAuth.logger().debug("token: answered by the session-bus service")
        return print(answer)
      }
      let context = try await CLIContext(globals)
      let uid = try await context.chooseUser().user.uid
      let credential = try await context.auth.providerCredential(providerID: provider, uid: uid)
      guard let answer = ProviderTokenAnswer(credential) else { throw AuthError(.userTokenExpired, origin: .storage) }
      print(answer)
    }
  }

  private func print(_ answer: ProviderTokenAnswer) {
    if output.json {
      Output.json([
        "providerId": provider, "accessToken": answer.accessToken, "tokenSecret": answer.tokenSecret,
        "expiresAt": answer.expiresAt.map { ISO8601DateFormatter().string(from: $0) }, "scopes": answer.scopes,
      ])
    } else {
      Output.line(answer.accessToken)
    }
  }
}

struct IDTokenCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "id-token", abstract: tr("The app's ID token (JWT)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Flag(name: .customLong("force-refresh")) var forceRefresh = false

  func execute() async throws {
    try await Output.run(output) {
      var request = OwnCommandRequest(globals: globals, provider: nil)
      request.forceRefresh = forceRefresh
      let token: IDToken
      if let answer = OwnCommandCall.idToken(request) {
        DesktopAuth.logger().debug("id-token: answered by the session-bus service")
        token = IDToken(answer)
      } else {
        token = try await CLIContext(globals).requireUser().getIDToken(forceRefresh: forceRefresh)
      }
      if output.json { Output.json(["idToken": token.reveal()]) } else { Output.line(token.reveal()) }
    }
  }
}

struct UnlinkCommand: CLICommand {
  static let configuration = CommandConfiguration(commandName: "unlink", abstract: tr("Unlink a provider."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument var provider: String

  func execute() async throws {
    try await Output.run(output) {
      let user = try await CLIContext(globals).requireUser().unlink(fromProvider: provider)
      if output.json {
        Output.json(["user": Output.user(user)])
      } else {
        Output.line(tr("Unlinked {provider}.", ["provider": provider]))
      }
    }
  }
}

struct SignOutCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "sign-out", abstract: tr("Sign the chosen account out, or every account with --all."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Flag(help: ArgumentHelp(tr("Also revoke the provider grants."))) var revoke = false
  @Flag(help: ArgumentHelp(tr("Sign every signed-in account out."))) var all = false

  func validate() throws {
    if all && globals.account != nil { throw ValidationError(tr("--all and --account exclude each other")) }
  }

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      if all {
        try await context.auth.signOutAll(revokeProviderTokens: revoke)
        return output.json ? Output.json(["signedOut": "all"]) : Output.line(tr("Every account is signed out."))
      }
      let chosen = try await context.chooseUser().user
      try await chosen.signOut(revokeProviderTokens: revoke)
      let current = try await context.auth.currentUser()
      if output.json {
        Output.json([
          "signedOut": chosen.uid, "signedIn": current != nil, "current": current.map { Output.user($0) } ?? .null,
        ])
      } else {
        Output.line(tr("Signed out {name}.", ["name": Output.name(chosen)]))
        if let current { Output.line(tr("Now current: {name}.", ["name": Output.name(current)])) }
      }
    }
  }
}

struct DeleteAccountCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "delete-account", abstract: tr("Delete the signed-in account (needs a recent sign-in)."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Flag(name: .customLong("keep-provider-grants"), help: ArgumentHelp(tr("Do not revoke the provider grants.")))
  var keepProviderGrants = false

  func execute() async throws {
    try await Output.run(output) {
      try await CLIContext(globals).requireUser().delete(revokeProviderTokens: !keepProviderGrants)
      if output.json { Output.json(["deleted": true]) } else { Output.line(tr("Account deleted.")) }
    }
  }
}
