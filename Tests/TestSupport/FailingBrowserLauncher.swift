import AuthEngine
import Foundation

/// A browser that cannot be started: `open` throws `error`.
public struct FailingBrowserLauncher: BrowserLauncher {
  public let error: AuthError
  public init(_ error: AuthError = AuthError(.browserUnavailable, origin: .request)) { self.error = error }
  public func open(_ url: URL) async throws { throw error }
}
