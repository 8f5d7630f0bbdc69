import AuthDesktopApp
import AuthDesktopService
import Foundation

/// The words of Connected apps: the apps allowed to use an account (their grants), with Remove.
extension WindowText {
  static let connectedApps = tr("Connected apps")
  static let connectedAppsMenu = tr("Connected Apps")
  static let connectedAppsHint = tr("Apps allowed to use your accounts")
  static let showConnectedApps = tr("Show")
  static let showConnectedAppsAccessible = tr("Show connected apps")
  static let connectedAppsBody = tr(
    "These apps may get a token of the account you chose for them. Remove one and its next request fails.")
  static let noConnectedApps = tr("No app may use your accounts")
  static let removeApp = tr("Remove")
  static func removeAppAccessible(_ app: String, account: String) -> String {
    tr("Remove {app} from {account}", ["app": app, "account": account])
  }
  static func appPermissions(_ scopes: [String]) -> String {
    tr("Permissions: {scopes}", ["scopes": scopes.joined(separator: "; ")])
  }
  static func appLastUsed(_ date: String) -> String { tr("Last used {date}", ["date": date]) }
  static let appNeverUsed = tr("Not used yet")
  /// The accessible name of an app's own icon in the consent dialog.
  static func appIcon(_ app: String) -> String { tr("Icon of {app}", ["app": app]) }

  /// `app`'s row subtitle: the account and provider, the scopes in words (`ScopeWords`, as the consent
  /// named them), and when the app last used its grant.
  static func connectedAppDetails(_ app: ConnectedApp, date: (Date) -> String) -> String {
    [
      "\(app.accountName) · \(providerTitle(app.providerID))",
      app.scopes.isEmpty ? nil : appPermissions(ScopeWords.lines(app.scopes, providerID: app.providerID)),
      app.lastUsedAt.map { appLastUsed(date($0)) } ?? appNeverUsed,
    ].compactMap { $0 }.joined(separator: "\n")
  }
}
