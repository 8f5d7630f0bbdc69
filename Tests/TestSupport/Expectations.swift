import AuthEngine
import Testing

/// Expects `body` to throw an `AuthError` with `code`; returns it.
@discardableResult
public func expectAuthError<T>(
  _ code: AuthErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> AuthError? {
  do {
    _ = try await body()
    Issue.record("expected \(code.rawValue), but it succeeded", sourceLocation: sourceLocation)
  } catch let error as AuthError {
    #expect(error.code == code, "got \(error)", sourceLocation: sourceLocation)
    return error
  } catch {
    Issue.record("expected AuthError \(code.rawValue), got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
