import AuthDesktopKit
import AuthEngine
import Foundation

/// "Continue without an account": an anonymous user (`Auth.signInAnonymously()`), which the signed-in
/// page upgrades by linking a provider (the same uid).
extension AuthWindowModel {
  func signInAnonymously() {
    guard isIdle else { return }
    Task { @GLibMainActor in
      do {
        if configuration.firebase != nil { try await prepareSignIn() }
        state = await signedInState(try await auth.signInAnonymously().user)
      } catch {
        show(error)
      }
    }
  }
}
