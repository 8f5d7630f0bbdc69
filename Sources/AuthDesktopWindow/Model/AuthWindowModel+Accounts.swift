import AuthDesktopKit
import AuthEngine
import Foundation

/// Several signed-in users: the signed-in page lists the others, and "Add account", Switch and Sign out
/// act on them (`Auth.switchUser(to:)`, `Auth.signOut(uid:)`).
extension AuthWindowModel {
  /// The current user's page with the other signed-in users, or the sign-in page when nobody is signed in.
  func storeState() async -> WindowState {
    guard let signedIn = try? await auth.signedInUsers(), let current = signedIn.current else { return .signedOut }
    return .signedIn(summary(current, among: signedIn.users))
  }

  /// `user`'s page, with the other signed-in users read from the store.
  func signedInState(_ user: User) async -> WindowState {
    .signedIn(summary(user, among: (try? await auth.signedInUsers().users) ?? []))
  }

  /// `user` alone (its configured providers and where its account is kept).
  func summary(_ user: User) -> AccountSummary {
    AccountSummary(user, configured: configuration.providerIDs, location: auth.accountLocation)
  }

  func summary(_ user: User, among users: [User]) -> AccountSummary {
    var summary = summary(user)
    summary.others = users.filter { $0.uid != user.uid }.map { AccountSummary.OtherAccount($0.account) }
    return summary
  }

  /// The sign-in page, which adds a user and makes it current; Back (or Escape) returns.
  func addAccount() {
    guard isIdle, case .signedIn = state else { return }
    state = .addAccount
  }

  func switchAccount(uid: String) {
    guard isIdle else { return }
    Task { @GLibMainActor in
      do {
        state = await signedInState(try await auth.switchUser(to: uid))
      } catch {
        show(error)
      }
    }
  }

  func signOut(uid: String) {
    guard isIdle else { return }
    Task { @GLibMainActor in
      do {
        try await auth.signOut(uid: uid)
        state = await storeState()
      } catch {
        show(error)
      }
    }
  }
}
