import AuthEngine

/// The app's words for choosing among several signed-in accounts: a name that matches none or
/// several (`auth/unknown-account`, `auth/ambiguous-account`), an `[[accounts]]` rule that is wrong,
/// and why an account was chosen.
extension ErrorWording {
  static func accountsBody(_ error: AuthError, for surface: Surface) -> String {
    guard case .accountSelection(let problem) = error.payload else {
      return tr("The account named is not one signed-in account.")
    }
    let cli = surface == .commandLine
    let values = [
      "name": problem.name, "source": source(problem.reason), "candidates": candidates(problem.candidates),
    ]
    switch error.code {
    case .unknownAccount where problem.candidates.isEmpty:
      return sentences(
        tr("No signed-in account is “{name}” ({source}), and nobody is signed in.", values),
        cli ? tr("Sign in as that account first.") : nil)
    case .unknownAccount:
      return sentences(
        tr("No signed-in account is “{name}” ({source}). Signed in: {candidates}.", values),
        cli ? tr("Sign in as that account, or name one of these.") : nil)
    case .ambiguousAccount:
      return sentences(
        tr("“{name}” ({source}) matches more than one signed-in account: {candidates}.", values),
        tr("Name one by its uid or as PROVIDER:LOGIN."))
    default: return tr("The account named is not one signed-in account.")
    }
  }

  /// Where a name came from, as a phrase for the sentences above.
  static func source(_ reason: AccountChoiceReason) -> String {
    switch reason {
    case .flag: tr("given with --account")
    case .environment: tr("from AUTH_DESKTOP_ACCOUNT")
    case .rule, .current: Self.reason(reason)
    }
  }

  /// Why the account was chosen, as `status` and `accounts` say it.
  static func reason(_ reason: AccountChoiceReason) -> String {
    switch reason {
    case .flag: tr("by --account")
    case .environment: tr("by AUTH_DESKTOP_ACCOUNT")
    case .rule(let rule): tr("by the rule for {directory}", ["directory": rule.written])
    case .current: tr("the current user")
    }
  }

  static func candidates(_ candidates: [AccountCandidate]) -> String {
    candidates.map(\.label).joined(separator: "; ")
  }

  /// The sentences of the `[[accounts]]` problems (`problemSentence`).
  static func accountRuleProblem(_ problem: ConfigurationProblem, key: String) -> String {
    switch problem {
    case .notADirectory:
      return tr("{key} must be an absolute directory (“/…” or “~/…”), without wildcards.", ["key": key])
    case .repeatedDirectory(let first):
      return tr("{key} repeats the directory of [[accounts]] #{first}.", ["key": key, "first": String(first)])
    case .directoryOrRemote:
      return tr("{key}: each [[accounts]] table has either directory or remote, not both.", ["key": key])
    case .notARemote:
      return tr(
        "{key} must be a host and an optional path, such as “github.com/work-org”, without a scheme or a user.",
        ["key": key])
    case .repeatedRemote(let first):
      return tr("{key} repeats the remote of [[accounts]] #{first}.", ["key": key, "first": String(first)])
    case .unknownAccount(let candidates) where candidates.isEmpty:
      return tr("{key} names no signed-in account, and nobody is signed in.", ["key": key])
    case .unknownAccount(let candidates):
      return tr(
        "{key} names no signed-in account. Signed in: {candidates}.",
        ["key": key, "candidates": Self.candidates(candidates)])
    default:  // .wrongType(.tableArray)
      return tr("{key} must be an array of tables ([[accounts]]).", ["key": key])
    }
  }
}

extension AccountChoiceReason {
  /// Why the account was chosen, in the app's words: “by --account”, “by the rule for ~/work”.
  public var explanation: String { ErrorWording.reason(self) }
}
