import AuthDesktopApp

/// The words of the signed-in accounts: the list on the signed-in page and the header bar's current one.
extension WindowText {
  static let otherAccounts = tr("Other accounts")
  static let addAccount = tr("Add account")
  static let addAccountAccessible = tr("Add another account")
  static let switchAccount = tr("Switch")
  static func switchAccountAccessible(_ name: String) -> String { tr("Switch to {account}", ["account": name]) }
  static func signOutAccountAccessible(_ name: String) -> String { tr("Sign out {account}", ["account": name]) }
  static func currentAccount(_ name: String) -> String { tr("Current account: {account}", ["account": name]) }

  /// How an account is named in the list and the header bar: its name, else its email, else "Guest" or
  /// its user id.
  static func accountName(_ account: AccountSummary.OtherAccount) -> String {
    account.isAnonymous ? anonymousUser : account.displayName ?? account.email ?? account.uid
  }
}
