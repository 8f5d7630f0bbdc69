import AuthEngine
import Testing

/// Expects `body` to throw an `AuthError` with `code`; returns it. Every error it sees is also checked
/// to carry no text for people (`expectNoUserFacingText`), so each suite that expects an error checks
/// that too.
@discardableResult
public func expectAuthError<T>(
  _ code: AuthErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> AuthError? {
  do {
    _ = try await body()
    Issue.record("expected \(code.rawValue), but it succeeded", sourceLocation: sourceLocation)
  } catch let error as AuthError {
    #expect(error.code == code, "got \(error)", sourceLocation: sourceLocation)
    expectNoUserFacingText(error, sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected AuthError \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// The engine words nothing for people (the app does): an error prints as its code and technical
/// detail, and the detail is a fact for diagnostics, not a sentence or advice — it names no command,
/// option or setting to change.
public func expectNoUserFacingText(_ error: AuthError, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(
    error.description == error.code.rawValue + (error.detail.map { ": \($0)" } ?? ""), sourceLocation: sourceLocation)
  guard let detail = error.detail else { return }
  for advice in ["--", "auth-desktop", "secret_store", "start again", "try again"] {
    #expect(!detail.contains(advice), "advice in the detail: \(detail)", sourceLocation: sourceLocation)
  }
  #expect(!detail.hasSuffix("."), "a sentence in the detail: \(detail)", sourceLocation: sourceLocation)
}
