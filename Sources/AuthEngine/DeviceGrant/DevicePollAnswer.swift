import Foundation

/// RFC 8628 §3.5: what one poll of the token endpoint says.
enum DevicePollAnswer: Sendable {
  /// The user approved: the tokens (§3.5 refers to RFC 6749 §5.1).
  case token(TokenResponse)
  /// `authorization_pending`: ask again after the interval. GitHub sends it with HTTP 200.
  case pending
  /// `slow_down`: ask again, 5 seconds later than before, from now on — or after `interval`, when the
  /// provider names a longer one (GitHub does).
  case slowDown(interval: TimeInterval?)

  /// Reads a poll's answer (`TokenClient.pollDevice`). The user's refusal (`access_denied`) throws
  /// `auth/web-context-cancelled`, expired codes (`expired_token`) `auth/code-expired`; every other
  /// answer is read as the code grant's token response is (`TokenClient.interpret`).
  static func of(_ response: HTTPResponse) throws -> DevicePollAnswer {
    if [200, 400, 401].contains(response.status), let fields = TokenResponse.fields(of: response),
      fields["error"]?.string == "slow_down"
    {
      return .slowDown(interval: try ServerNumber.read(fields["interval"], "interval", within: ServerNumber.interval))
    }
    do {
      return .token(try TokenClient.interpret(response, refreshing: false))
    } catch let error as AuthError {
      guard let response = error.providerError else { throw error }
      switch response.error {
      case "authorization_pending": return .pending
      case "access_denied":
        throw AuthError(.webContextCancelled, origin: .providerResponse, payload: .providerError(response))
      case "expired_token":
        throw AuthError(.codeExpired, origin: .providerResponse, payload: .providerError(response))
      default: throw error
      }
    }
  }
}
