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
        state = await signedInState(result.user)
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

/// Adding a TOTP factor from the signed-in page: the key and its QR code, then a code from the app.
extension AuthWindowModel {
  func startSecondFactorEnrollment() {
    guard case .signedIn(let account) = state else { return }
    Task { @GLibMainActor in
      do {
        let secret = try await auth.startTOTPEnrollment()
        let issuer = account.firebaseProject ?? configuration.app.identity.name
        state = .enrollSecondFactor(EnrollmentPrompt(secret, accountName: account.email ?? account.uid, issuer: issuer))
      } catch {
        show(error)
      }
    }
  }

  func finishSecondFactorEnrollment(code: String) {
    guard case .enrollSecondFactor(let prompt) = state, let secret = prompt.secret else { return }
    Task { @GLibMainActor in
      do {
        state = await signedInState(try await auth.finishTOTPEnrollment(secret, code: code))
      } catch let error as AuthError where error.code == .invalidVerificationCode {
        var again = prompt
        again.problem = WindowProblem(error)
        state = .enrollSecondFactor(again)
      } catch {
        show(error)
      }
    }
  }
}
