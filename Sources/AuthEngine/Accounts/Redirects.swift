import Foundation

/// A redirect, start to finish: the provider leg, then the account operation its intent names.
extension Auth {
  /// Completes the redirect and applies its intent to the account store: sign in, or link to /
  /// reauthenticate the current user. A `SignInSession` calls it for its own redirect; a process that
  /// receives a redirect nobody waits for (`auth-desktop URI`) calls it directly.
  public func completeRedirect(_ url: URL) async throws -> AuthDataResult {
    try await apply(try await providers.resume(with: url))
  }

  func apply(_ result: ProviderSignInResult) async throws -> AuthDataResult {
    switch result.intent {
    case .signIn:
      return try await signIn(with: result)
    case .link:
      guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
      return try await link(uid: user.uid, with: result)
    case .reauthenticate:
      guard let user = try await currentUser() else { throw AuthError(.noCurrentUser, origin: .request) }
      return try await reauthenticate(uid: user.uid, with: result)
    }
  }
}
