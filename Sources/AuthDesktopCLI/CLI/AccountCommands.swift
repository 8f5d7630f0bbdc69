import ArgumentParser
import AuthDesktopApp
import AuthDesktopKit
import AuthEmulator
import AuthEngine
import Foundation

/// `accounts [--json]`: every signed-in account, which is current, and which this command would use
/// and why (docs/command-line.md, "Several accounts").
struct AccountsCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "accounts", abstract: tr("The signed-in accounts, the current one, and the one chosen here."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      if output.json { return try await Self.writeJSON(context) }
      let signedIn = try await context.auth.signedInUsers()
      // Nobody signed in: an empty list, not an error; a name that matches nobody is one.
      let choice: AccountChoice? =
        signedIn.users.isEmpty && context.accountRequest.explicit == nil
        ? nil : try await context.chooseUser()
      guard !signedIn.users.isEmpty else {
        Output.line(tr("Signed out."))
        if let hint = await context.emulatorHint() { Output.errorLine(hint) }
        return
      }
      // Appended piece by piece, one write per 64 KiB: a line each was a system call each, and a
      // string made for each piece cost about as much as the pieces.
      var lines = ""
      for user in signedIn.users {
        lines += user.uid
        lines += "\t"
        lines += user.email ?? "-"
        lines += "\t"
        for (index, info) in user.providerData.enumerated() {
          if index > 0 { lines += "," }
          lines += info.providerID
          if let screenName = info.screenName {
            lines += ":"
            lines += screenName
          }
        }
        let current = user.uid == signedIn.currentUID
        if let choice, user.uid == choice.user.uid {
          let chosen = tr("chosen {reason}", ["reason": choice.reason.explanation])
          lines += "\t" + (current ? tr("current") + ", " : "") + chosen
        } else if current {
          lines += "\t" + tr("current")
        }
        lines += "\n"
        if lines.utf8.count > 65_536 {
          Output.text(lines)
          lines = ""
        }
      }
      Output.text(lines)
    }
  }
}

extension AccountsCommand {
  /// `--json`: the chosen account first, as each listed user says whether it is the one; then the
  /// listing, which the engine writes from the store's rows (`Auth.signedInUsersJSON`): a listing's
  /// output grows with the number of users, and each user costs what writing it costs
  /// (docs/benchmarks.md).
  static func writeJSON(_ context: CLIContext) async throws {
    let choice = try await choice(context)
    let listing = try await context.auth.signedInUsersJSON(chosenUID: choice?.user.uid)
    var text = JSONText()
    text.beginObject()
    text.key("accounts")
    text.drain(Output.standardOutput, then: listing.users)
    if let choice {
      text.key("chosen")
      text.write(Output.choice(choice))
    }
    if let current = listing.currentUID { text.field("current", current) }
    text.endObject()
    Output.json(text)
  }

  /// The account this command would use, and why; nil when nobody is signed in and no account is
  /// named: an empty list is not an error, a name that matches nobody is.
  static func choice(_ context: CLIContext) async throws -> AccountChoice? {
    do {
      return try await context.chooseUser()
    } catch {
      guard context.accountRequest.explicit == nil, try await context.auth.signedInUsers().users.isEmpty else {
        throw error
      }
      return nil
    }
  }
}

/// `switch ACCOUNT`: makes the signed-in ACCOUNT the current user.
struct SwitchCommand: CLICommand {
  static let configuration = CommandConfiguration(
    commandName: "switch", abstract: tr("Make a signed-in account the current one."))
  @OptionGroup var globals: GlobalOptions
  @OptionGroup var output: OutputOptions
  @Argument(help: ArgumentHelp(tr("A uid, an email, or PROVIDER:LOGIN."))) var account: String

  func execute() async throws {
    try await Output.run(output) {
      let context = try await CLIContext(globals)
      let named = try await context.auth.chooseUser(AccountRequest(explicit: account))
      let user = try await context.auth.switchUser(to: named.user.uid)
      if output.json {
        Output.json(["current": Output.user(user)])
      } else {
        Output.line(tr("Now current: {name}.", ["name": Output.name(user)]))
      }
    }
  }
}

extension Output {
  /// The chosen account and why, as `accounts --json` and `status --json` print it.
  static func choice(_ choice: AccountChoice) -> [String: Any?] {
    var reason: [String: Any?] = ["kind": choice.reason.kind, "summary": choice.reason.summary]
    reason["name"] = choice.reason.name
    if case .rule(let rule) = choice.reason { (reason["directory"], reason["remote"]) = (rule.directory, rule.remote) }
    return ["uid": choice.user.uid, "reason": reason]
  }
}

extension AccountChoiceReason {
  /// `flag`, `environment`, `rule` or `current`.
  var kind: String {
    switch self {
    case .flag: "flag"
    case .environment: "environment"
    case .rule: "rule"
    case .current: "current"
    }
  }
}
