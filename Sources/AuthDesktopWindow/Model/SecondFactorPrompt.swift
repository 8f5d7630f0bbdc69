import AuthDesktopApp
import AuthDesktopKit
import AuthEngine

/// The code page's data (`WindowState.secondFactor`): the first factor succeeded for `email`'s account,
/// which has a TOTP factor named `factorName`; `problem` is what was wrong with the last code typed.
/// `resolver` finishes the sign-in (nil in the preview); it holds the pending credential in memory and
/// takes no part in equality.
struct SecondFactorPrompt: Sendable, Equatable {
  var email: String?
  var factorName: String?
  var problem: WindowProblem?
  var resolver: MultiFactorResolver?

  init(email: String?, factorName: String?, problem: WindowProblem? = nil, resolver: MultiFactorResolver? = nil) {
    self.email = email
    self.factorName = factorName
    self.problem = problem
    self.resolver = resolver
  }

  init(_ resolver: MultiFactorResolver) {
    self.init(email: resolver.email, factorName: resolver.totpFactor?.displayName, resolver: resolver)
  }

  static func == (lhs: SecondFactorPrompt, rhs: SecondFactorPrompt) -> Bool {
    lhs.email == rhs.email && lhs.factorName == rhs.factorName && lhs.problem == rhs.problem
      && (lhs.resolver == nil) == (rhs.resolver == nil)
  }
}
