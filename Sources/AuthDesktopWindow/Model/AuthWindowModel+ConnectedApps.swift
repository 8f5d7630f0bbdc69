import AuthDesktopKit
import AuthEngine
import Foundation

/// Connected apps: the apps the user allowed to use an account (issue 28's grants), each with Remove
/// (`Auth.revokeAppGrants`, which fails the app's next call at once). The page follows the store, so a
/// grant given or used meanwhile shows at once.
extension AuthWindowModel {
  func showConnectedApps() {
    guard isIdle, case .signedIn = state else { return }
    Task { @GLibMainActor in state = .connectedApps(await connectedApps()) }
  }

  func removeConnectedApp(_ app: ConnectedApp) {
    guard isIdle, case .connectedApps = state else { return }
    Task { @GLibMainActor in
      do {
        try await auth.revokeAppGrants(app: app.app, uid: app.uid, providerID: app.providerID)
        state = .connectedApps(await connectedApps())
      } catch {
        show(error)
      }
    }
  }

  var showsConnectedApps: Bool {
    if case .connectedApps = state { true } else { false }
  }

  /// Every grant, its account named as the signed-in users' list names it.
  func connectedApps() async -> [ConnectedApp] {
    let users = (try? await auth.signedInUsers().users) ?? []
    return ((try? await auth.appGrants()) ?? []).map { grant in
      let user = users.first { $0.uid == grant.uid }
      return ConnectedApp(grant, accountName: user.map { WindowText.accountName(.init($0.account)) } ?? grant.uid)
    }
  }
}
