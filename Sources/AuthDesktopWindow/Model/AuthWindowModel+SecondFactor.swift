import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

/// The code page: a sign-in whose account has a second factor (`auth/multi-factor-auth-required`)
/// waits on `.secondFactor` for the code from the user's authenticator app.
extension AuthWindowModel {
  func submitSecondFactor(code: String) {
    guard case .secondFactor(let prompt) = state, let resolver = prompt.resolver else { return }
    Task { @GLibMainActor in
      do {
        let result = try await auth.resolveSignIn(resolver, totpCode: code)
        state = .signedIn(summary(result.user))
      } catch let error as AuthError where error.code == .invalidVerificationCode {
        // A wrong or mistyped code stays on the page, which says so; the same resolver takes the next.
        var again = prompt
        again.problem = WindowProblem(error)
        state = .secondFactor(again)
      } catch {
        show(error)
      }
    }
  }
}
