import Foundation

/// Several signed-in users (docs/accounts.md, "Several accounts"): any number are signed in at once,
/// one of them current. Signing in adds a user and makes it current; it signs nobody out.
extension Auth {
  /// Every signed-in user, in the order they signed in, and the current one: one read of the store.
  public func signedInUsers() async throws -> SignedInUsers {
    let signedIn = try await backend.signedInAccounts()
    return SignedInUsers(users: signedIn.accounts.map { User($0, auth: self) }, currentUID: signedIn.currentUID)
  }

  /// The signed-in users as `accounts --json` lists them: one JSON array of Firebase `User`s in the
  /// order they signed in, each with `current`, and `chosen` for `chosenUID`'s. The local store writes
  /// it from its rows without making a `User` of each (docs/benchmarks.md, "Listing 1,000 signed-in
  /// users"); the text is the one `JSONText.write(_:current:chosen:)` writes of `signedInUsers()`.
  public func signedInUsersJSON(chosenUID: String?) async throws -> SignedInJSON {
    try await backend.signedInJSON(chosenUID: chosenUID)
  }

  /// The signed-in user `uid`, or nil when that user is not signed in here.
  public func signedInUser(uid: String) async throws -> User? {
    try await backend.signedInAccount(uid: uid).map { User($0, auth: self) }
  }

  /// Makes the signed-in `uid` the current user (`auth/no-current-user` when it is not signed in).
  @discardableResult
  public func switchUser(to uid: String) async throws -> User {
    let account = try await backend.makeCurrent(uid: uid)
    environment.logger.info("switched user")
    notify(account)
    return User(account, auth: self)
  }

  /// The signed-in user an `AccountRequest` names, and why (`AccountSelector`): `--account`, then
  /// `AUTH_DESKTOP_ACCOUNT`, then the longest matching directory rule, then the current user. A name
  /// that matches no signed-in user, or several, throws `auth/unknown-account` or
  /// `auth/ambiguous-account` with the candidates; nothing falls back to another account.
  public func chooseUser(_ request: AccountRequest) async throws -> AccountChoice {
    let rules = configuration.app.accountRules
    guard let named = AccountSelector.name(for: request, rules: rules) else {
      guard let current = try await backend.currentAccount() else { throw AuthError(.noCurrentUser, origin: .request) }
      return AccountChoice(user: User(current, auth: self), reason: .current)
    }
    // The backend narrows the signed-in accounts down to those the name may mean (an indexed query
    // in the local store, so that choosing among 1,000 users costs what choosing among one does).
    let matches = AccountSelector.candidates(named.name, among: try await backend.signedInAccounts(named: named.name))
    if matches.count == 1 { return AccountChoice(user: User(matches[0], auth: self), reason: named.reason) }
    let signedIn = matches.isEmpty ? try await backend.signedInAccounts().accounts : matches
    // A rule's account that nobody signed in as is the configuration's error, with its file and key.
    guard matches.isEmpty, case .rule(let rule) = named.reason else {
      throw AccountSelector.failure(named.name, matches: matches, signedIn: signedIn, reason: named.reason)
    }
    throw AuthError(
      .invalidConfiguration, origin: .configuration,
      payload: .configuration(
        ConfigurationIssue(
          file: configuration.source, table: rule.table, key: "account",
          problem: .unknownAccount(candidates: signedIn.map(AccountCandidate.init)))))
  }
}

/// The signed-in users of a data dir (`Auth.signedInUsers()`).
public struct SignedInUsers: Sendable {
  /// In the order they signed in.
  public let users: [User]
  /// The current user's uid; nil when nobody is signed in.
  public let currentUID: String?

  /// The current user.
  public var current: User? { users.first { $0.uid == currentUID } }
}

extension User {
  /// Signs this user out; every other signed-in user stays.
  public func signOut(revokeProviderTokens: Bool = false) async throws {
    try await auth.signOut(uid: uid, revokeProviderTokens: revokeProviderTokens)
  }
}
