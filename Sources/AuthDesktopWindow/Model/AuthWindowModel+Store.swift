import AuthDesktopKit
import AuthEngine
import Foundation

/// The window follows the store while it runs (`StoreMonitor`), not only when it becomes active.
extension AuthWindowModel {
  /// Follows the store in `directory` while the window runs: a `sign-out` or `sign-in` in a terminal
  /// shows at once, not only when the window next becomes active (`storeMayHaveChanged`).
  func followStore(in directory: URL) {
    storeMonitor = StoreMonitor(directory: directory) { [weak self] in self?.storeChanged() }
  }

  /// One `showStore` at a time, and one more after it when the store changed meanwhile (a commit is
  /// several writes).
  func storeChanged() {
    guard !followingStore else { return storeChangedAgain = true }
    followingStore = true
    Task { @GLibMainActor in
      repeat {
        storeChangedAgain = false
        await showStore()
      } while storeChangedAgain
      followingStore = false
    }
  }

  /// Shows who is signed in now, on the signed-in or sign-in page only and with no sign-in in flight
  /// (reads only: no recovery, which could write and so wake the monitor again).
  func showStore() async {
    guard isIdle, followsStore else { return }
    let apps = showsConnectedApps
    let now = apps ? .connectedApps(await connectedApps()) : await storeState()
    // The user may have opened or left Connected apps meanwhile: that page is theirs.
    guard isIdle, followsStore, showsConnectedApps == apps, now != state else { return }
    state = now
  }

  /// The signed-in, sign-in and Connected apps pages show the store; the others (and "Add account") wait
  /// for the user.
  private var followsStore: Bool {
    switch state {
    case .signedIn, .signedOut, .connectedApps: true
    default: false
    }
  }
}
