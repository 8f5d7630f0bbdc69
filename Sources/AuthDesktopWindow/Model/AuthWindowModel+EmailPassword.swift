import AuthDesktopKit
import AuthEngine
import Foundation

/// Email and password on the sign-in page and the sign-up page: Firebase's `signIn(withEmail:password:)`
/// and `createUser(withEmail:password:)`, as the CLI's `sign-in-email` and `sign-up-email`.
extension AuthWindowModel {
  func signIn(email: String, password: String) {
    signingIn { [auth] in try await auth.signIn(email: email, password: Password(password)) }
  }

  func showSignUp() { state = .signUp }

  /// The same checks and errors as the CLI's `sign-up-email`.
  func signUp(email: String, password: String) {
    signingIn { [auth] in try await auth.createUser(email: email, password: Password(password)) }
  }

  /// Shows the user `attempt` signs in, or its error.
  private func signingIn(_ attempt: @escaping @Sendable () async throws -> AuthDataResult) {
    Task { @GLibMainActor in
      do {
        try await finishSignIn(try await attempt())
      } catch {
        show(error)
      }
    }
  }
}
