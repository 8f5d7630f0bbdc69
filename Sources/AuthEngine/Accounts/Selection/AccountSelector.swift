import Foundation

/// The choice of an account, as pure functions: which name a request gives (precedence), and which
/// signed-in account a name means.
public enum AccountSelector {
  /// The name `request` gives and why: `--account`, then `AUTH_DESKTOP_ACCOUNT`, then the longest
  /// rule whose remote holds `request.remote`, then the longest rule whose directory holds
  /// `request.directory`; nil when none does (the current user).
  public static func name(for request: AccountRequest, rules: [AccountRule]) -> (
    name: String, reason: AccountChoiceReason
  )? {
    if let explicit = request.explicit { return (explicit, .flag(explicit)) }
    if let variable = request.environment { return (variable, .environment(variable)) }
    if let remote = request.remote, let rule = rule(forRemote: remote, in: rules) { return (rule.account, .rule(rule)) }
    guard let directory = request.directory, let rule = rule(for: directory, in: rules) else { return nil }
    return (rule.account, .rule(rule))
  }

  /// The longest rule whose directory is `directory` or holds it (git's `gitdir:` with a trailing `/`),
  /// comparing the path as given and with its symbolic links resolved.
  public static func rule(for directory: String, in rules: [AccountRule]) -> AccountRule? {
    let given = trimmed(directory)
    let resolved = trimmed(URL(fileURLWithPath: directory).resolvingSymlinksInPath().path)
    return
      rules
      .compactMap { rule in rule.path.map { (rule, $0) } }
      .filter { _, path in [given, resolved].contains { holds(path, $0) || holds(resolvedPath(path), $0) } }
      .max { $0.1.count < $1.1.count }?.0
  }

  /// The longest rule whose remote is `remote` (`HOST[:PORT][/PATH]`) or holds it, a whole path
  /// segment at a time: `github.com/work-org` holds `github.com/work-org/app.git`, not
  /// `github.com/work-org2/app`. Compared without case and without a trailing `.git`.
  public static func rule(forRemote remote: String, in rules: [AccountRule]) -> AccountRule? {
    let asked = GitRemote.comparable(remote)
    return
      rules
      .compactMap { rule in rule.remote.map { (rule, $0) } }
      .filter { _, ruled in asked == ruled || asked.hasPrefix(ruled + "/") }
      .max { $0.1.count < $1.1.count }?.0
  }

  /// The signed-in account `name` means: its uid; `PROVIDER:LOGIN` (the provider's login, raw id or
  /// email); or an email (the account's own or a linked provider's). `auth/unknown-account` when it
  /// matches none, `auth/ambiguous-account` when several, both with the candidates.
  public static func match(_ name: String, among accounts: [Account], reason: AccountChoiceReason) throws
    -> Account
  {
    let matches = candidates(name, among: accounts)
    guard matches.count == 1 else { throw failure(name, matches: matches, signedIn: accounts, reason: reason) }
    return matches[0]
  }

  /// `auth/unknown-account` (no match: the candidates are every signed-in account) or
  /// `auth/ambiguous-account` (the matches are the candidates).
  static func failure(_ name: String, matches: [Account], signedIn: [Account], reason: AccountChoiceReason)
    -> AuthError
  {
    let problem = AccountSelectionProblem(
      name: name, reason: reason, candidates: (matches.isEmpty ? signedIn : matches).map(AccountCandidate.init))
    return AuthError(
      matches.isEmpty ? .unknownAccount : .ambiguousAccount, origin: .request, payload: .accountSelection(problem))
  }

  /// The accounts among `accounts` that `name` means (`match`, which wants exactly one).
  static func candidates(_ name: String, among accounts: [Account]) -> [Account] {
    let trimmedName = name.trimmingCharacters(in: .whitespaces)
    if let byUID = accounts.first(where: { $0.uid == trimmedName }) { return [byUID] }
    if let colon = trimmedName.firstIndex(of: ":"), !trimmedName[..<colon].contains("@") {
      let provider = String(trimmedName[..<colon])
      let login = String(trimmedName[trimmedName.index(after: colon)...])
      let email = EmailAddress.normalize(login)
      return accounts.filter { account in
        account.providerData.contains { info in
          info.providerID == provider
            && (info.screenName?.caseInsensitiveCompare(login) == .orderedSame || info.uid == login
              || (email != nil && EmailAddress.normalize(info.email) == email))
        }
      }
    }
    guard let email = EmailAddress.normalize(trimmedName) else { return [] }
    let own = accounts.filter { EmailAddress.normalize($0.email) == email }
    return own.isEmpty ? accounts.filter { $0.emails.contains(email) } : own
  }

  static func holds(_ ancestor: String, _ path: String) -> Bool {
    path == ancestor || path.hasPrefix(ancestor == "/" ? "/" : ancestor + "/")
  }

  static func trimmed(_ path: String) -> String {
    var path = path
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }

  static func resolvedPath(_ path: String) -> String {
    trimmed(URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
  }
}
