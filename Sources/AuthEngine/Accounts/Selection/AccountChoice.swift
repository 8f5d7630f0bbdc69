import Foundation

/// What chooses the account a command, a git credential request or an app acts on
/// (`Auth.chooseUser`): an explicit name (`--account`), the environment's (`AUTH_DESKTOP_ACCOUNT`), and
/// the repository's remote and the directory the work happens in, for the configuration's
/// `[[accounts]]` rules.
public struct AccountRequest: Sendable, Equatable {
  /// `--account ACCOUNT`: a uid, an email, or `PROVIDER:LOGIN`.
  public var explicit: String?
  /// `AUTH_DESKTOP_ACCOUNT`.
  public var environment: String?
  /// The working directory (absolute), matched against the directory rules.
  public var directory: String?
  /// The repository git asks a credential for, as `HOST[:PORT][/PATH]` (`github.com/work-org/app.git`;
  /// the host alone without `credential.useHttpPath`), matched against the remote rules.
  public var remote: String?

  public init(explicit: String? = nil, environment: String? = nil, directory: String? = nil, remote: String? = nil) {
    self.explicit = explicit
    self.environment = environment
    self.directory = directory
    self.remote = remote
  }

  /// The request of a process: `AUTH_DESKTOP_ACCOUNT` from its environment and its working directory.
  public static func ofThisProcess(explicit: String?) -> AccountRequest {
    let variable = ProcessInfo.processInfo.environment[AccountRequest.variable]
    return AccountRequest(
      explicit: explicit, environment: variable?.isEmpty == false ? variable : nil,
      directory: FileManager.default.currentDirectoryPath)
  }

  /// The environment variable that names an account.
  public static let variable = "AUTH_DESKTOP_ACCOUNT"
}

/// The user chosen for a request, and why.
public struct AccountChoice: Sendable {
  public let user: User
  public let reason: AccountChoiceReason

  public init(user: User, reason: AccountChoiceReason) {
    self.user = user
    self.reason = reason
  }
}

/// Why an account was chosen, in the order of precedence.
public enum AccountChoiceReason: Sendable, Equatable {
  /// `--account NAME`.
  case flag(String)
  /// `AUTH_DESKTOP_ACCOUNT=NAME`.
  case environment(String)
  /// The longest `[[accounts]]` rule whose remote holds the repository's, else the longest whose
  /// directory holds the working directory.
  case rule(AccountRule)
  /// Nothing named one: the current user.
  case current

  /// "by --account", "by AUTH_DESKTOP_ACCOUNT", "by the rule for ~/work", "the current user": English,
  /// for `--json` and logs (the app words it for people).
  public var summary: String {
    switch self {
    case .flag: "by --account"
    case .environment: "by \(AccountRequest.variable)"
    case .rule(let rule): "by the rule for \(rule.written)"
    case .current: "the current user"
    }
  }

  /// The name this reason gave, if any.
  public var name: String? {
    switch self {
    case .flag(let name), .environment(let name): name
    case .rule(let rule): rule.account
    case .current: nil
    }
  }
}

/// One `[[accounts]]` table: the account for work in or under `directory` (git's `includeIf
/// "gitdir:"` meaning), or for the repositories under `remote` (git's credential requests),
/// docs/configuration.md.
public struct AccountRule: Sendable, Equatable {
  /// The directory as written (`~/work`), as the reason shows it; nil for a remote rule.
  public var directory: String?
  /// `directory` expanded (`~/` to the home directory), absolute, without a trailing `/`.
  public var path: String?
  /// `HOST[:PORT][/PATH]` (`github.com/work-org`), lowercased, without a trailing `/` or `.git`
  /// (`GitRemote.normalized`); nil for a directory rule.
  public var remote: String?
  /// A uid, an email, or `PROVIDER:LOGIN`.
  public var account: String
  /// Its place among the file's `[[accounts]]` tables, from 1 (for an error's key).
  public var index: Int

  public init(directory: String, path: String, account: String, index: Int) {
    self.directory = directory
    self.path = path
    self.account = account
    self.index = index
  }

  public init(remote: String, account: String, index: Int) {
    self.remote = remote
    self.account = account
    self.index = index
  }

  /// The directory or the remote, as the reason shows it (“by the rule for ~/work”).
  public var written: String { directory ?? remote ?? "" }

  /// The table as an error names it: `[[accounts]] #2`.
  public var table: String { "[[accounts]] #\(index)" }
}

/// A signed-in account a name could have meant: shown when a name matches none or several.
public struct AccountCandidate: Sendable, Equatable {
  public let uid: String
  public let email: String?
  /// `PROVIDER:LOGIN` of each linked provider that gives a login.
  public let logins: [String]

  init(_ account: Account) {
    uid = account.uid
    email = account.email ?? account.providerData.lazy.compactMap(\.email).first
    logins = account.providerData.compactMap { info in info.screenName.map { "\(info.providerID):\($0)" } }
  }

  /// `mona@work.example (github.com:mona, uid 8HQz…)`.
  public var label: String {
    let details = logins + ["uid \(uid)"]
    return (email.map { "\($0) " } ?? "") + "(" + details.joined(separator: ", ") + ")"
  }
}

/// A name that matched no signed-in account, or several (`auth/unknown-account`,
/// `auth/ambiguous-account`).
public struct AccountSelectionProblem: Sendable, Equatable {
  /// The name as given.
  public let name: String
  /// Where the name came from.
  public let reason: AccountChoiceReason
  /// The accounts it matched (several), or every signed-in account (none matched).
  public let candidates: [AccountCandidate]
}
