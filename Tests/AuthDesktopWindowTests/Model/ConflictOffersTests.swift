import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Testing

@testable import AuthDesktopWindow

/// The account-exists page's offers: link the waiting provider only when the account does not have
/// that provider already (one account per provider), and name the provider as the window does.
@Suite struct ConflictOffersTests {
  @Test func eachMethodSignsInAndLinksTheWaitingProvider() {
    let offers = ConflictOffers(methods: ["github.com", "password"], providerID: "twitter.com")
    #expect(
      offers.offers == [
        .init(method: "github.com", title: "Sign in with GitHub and link", links: true),
        .init(method: "password", title: "Sign in with email and password and link", links: true),
      ])
    #expect(offers.hint == "Sign in with that method, and X (Twitter) will be linked to the account.")
  }

  /// The same email at two OpenID identities: the account has `oidc.emulator` already, so "Sign in with
  /// OpenID Connect and link" would end in `auth/provider-already-linked`. The page only signs in.
  @Test func anAccountWithTheWaitingProviderIsOnlySignedInTo() {
    let offers = ConflictOffers(methods: ["github.com", "oidc.emulator"], providerID: "oidc.emulator")
    #expect(offers.offers.allSatisfy { !$0.links })
    #expect(offers.offers.map(\.title) == ["Continue with GitHub", "Continue with OpenID Connect"])
    #expect(offers.hint.hasPrefix("It already has another OpenID Connect account, and only one can be linked."))
    let error = AuthError.accountConflict(
      AccountConflict(email: "a@example.com", providerID: "oidc.emulator", signInMethods: ["oidc.emulator"]))
    for surface in UserFacingError.Surface.allCases {
      let body = UserFacingError(error, for: surface).body
      #expect(!body.contains("link-pending") && !body.contains("will be linked"), "\(body)")
    }
  }
}
