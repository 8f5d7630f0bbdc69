import ArgumentParser
import AuthDesktopApp
import AuthEngine
import Foundation

/// `apps [--json]`: the apps the user let use an account (their grants, docs/command-line.md,
/// "Connected apps"); `apps revoke APP [--account A]` removes them, as the window's Connected apps does.
struct AppsCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "apps", abstract: tr("The apps you let use your accounts."), subcommands: [AppsRevokeCommand.self])
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      let grants = try await context.auth.appGrants()
      var users: [String: User] = [:]
      for uid in Set(grants.map(\.uid)) { users[uid] = try await context.auth.signedInUser(uid: uid) }
      if output.json {
        Output.json(["apps": grants.map { Output.grant($0, user: users[$0.uid]) }])
        return
      }
      guard !grants.isEmpty else { return Output.line(tr("No app has access to your accounts.")) }
      let iso = Date.ISO8601FormatStyle()
      for grant in grants {
        let account = users[grant.uid]?.email ?? grant.uid
        Output.line(
          [
            grant.app, grant.appName, account, grant.providerID, grant.scopes.joined(separator: " "),
            iso.format(grant.grantedAt), grant.lastUsedAt.map { iso.format($0) } ?? tr("never used"),
          ].joined(separator: "\t"))
      }
    }
  }
}

/// `apps revoke APP [--account A]`: APP as `apps` lists it (its key or its name); `--account` keeps the
/// app's grants on other accounts. The app's next call fails.
struct AppsRevokeCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "revoke", abstract: tr("Take an app's access to your accounts away."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: ArgumentHelp(tr("The app, as auth-desktop apps lists it."))) var app: String

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      // Only an account named here narrows it (not $AUTH_DESKTOP_ACCOUNT or a directory's rule).
      var uid: String?
      if let name = globals.account { uid = try await context.auth.chooseUser(AccountRequest(explicit: name)).user.uid }
      let removed = try await context.auth.revokeAppGrants(named: app, uid: uid)
      if output.json {
        Output.json(["revoked": removed.map { Output.grant($0, user: nil) }])
      } else {
        let name = removed.first?.appName ?? app
        Output.line(
          ntr("Removed {count} grant of {app}.", "Removed {count} grants of {app}.", removed.count, ["app": name]))
      }
    }
  }
}

extension Output {
  /// A grant as `apps --json` prints it.
  static func grant(_ grant: AppGrant, user: User?) -> [String: Any?] {
    let iso = Date.ISO8601FormatStyle()
    return [
      "app": grant.app, "appName": grant.appName, "uid": grant.uid, "email": user?.email,
      "provider": grant.providerID, "scopes": grant.scopes, "grantedAt": iso.format(grant.grantedAt),
      "lastUsedAt": grant.lastUsedAt.map { iso.format($0) },
    ]
  }
}
