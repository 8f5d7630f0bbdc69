import AuthDesktopApp
import AuthEngine
import Foundation
import Testing

/// Providers are named as people call them, in errors and the window alike, and the advice fits the
/// method being removed.
@Suite struct ProviderWordingTests {
  /// The emulator's OpenID provider is "OpenID Connect" (as the window's buttons call it), not the
  /// suffix of its id.
  @Test func theEmulatorsOpenIDProviderIsNamedAsTheWindowNamesIt() {
    #expect(UserFacingError.providerName("oidc.emulator") == "OpenID Connect")
    let error = AuthError(.providerAlreadyLinked, origin: .request, providerID: "oidc.emulator")
    for surface in UserFacingError.Surface.allCases {
      let body = UserFacingError(error, for: surface).body
      #expect(body.hasPrefix("OpenID Connect is already linked to this account."), "\(body)")
    }
  }

  /// Removing the password, the last method: no lower-case "email and password is …", and no advice to
  /// set the password that is being removed.
  @Test func removingThePasswordAdvisesLinkingAProvider() {
    let error = AuthError(.lastSignInMethod, origin: .request, providerID: "password")
    for surface in UserFacingError.Surface.allCases {
      let body = UserFacingError(error, for: surface).body
      #expect(body.first?.isUppercase == true, "\(body)")
      #expect(!body.contains("set a password"), "\(body)")
      #expect(body.contains("Link a provider"), "\(body)")
    }
    let github = UserFacingError(
      AuthError(.lastSignInMethod, origin: .request, providerID: "github.com"), for: .window
    ).body
    #expect(
      github
        == "GitHub is the only way to sign in to this account. Link another provider or set a password before removing it."
    )
  }
}
