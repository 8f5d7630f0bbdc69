import Foundation

/// RFC 8628 §3.5: what one poll of the token endpoint says.
enum DevicePollAnswer: Sendable {
  /// The user approved: the tokens (§3.5 refers to RFC 6749 §5.1).
  case token(TokenResponse)
  /// `authorization_pending`: ask again after the interval. GitHub sends it with HTTP 200.
  case pending
  /// `slow_down`: ask again, 5 seconds later than before, from now on.
  case slowDown

  /// Sorts out the answer of `poll` (`TokenClient.pollDevice`). The user's refusal (`access_denied`)
  /// throws `auth/web-context-cancelled`, expired codes (`expired_token`) `auth/code-expired`; every
  /// other error is the token endpoint's, as for the code grant.
  static func of(_ poll: () async throws -> TokenResponse) async throws -> DevicePollAnswer {
    do {
      return .token(try await poll())
    } catch let error as AuthError {
      guard let response = error.providerError else { throw error }
      switch response.error {
      case "authorization_pending": return .pending
      case "slow_down": return .slowDown
      case "access_denied":
        throw AuthError(.webContextCancelled, origin: .providerResponse, payload: .providerError(response))
      case "expired_token":
        throw AuthError(.codeExpired, origin: .providerResponse, payload: .providerError(response))
      default: throw error
      }
    }
  }
}
