import Foundation

/// Receives the loopback redirect of RFC 8252 §7.3: an HTTP listener on 127.0.0.1 with an ephemeral
/// port, bound only while one authorization is pending. The real implementation (libsoup's SoupServer)
/// lives in AuthDesktopKit.
public protocol RedirectListener: Sendable {
  /// Binds `127.0.0.1:0` and answers only `path`. The returned redirect URI has the chosen port.
  func bind(path: String) async throws -> any BoundRedirectListener
}

/// What became of the sign-in a loopback redirect delivered: the page the browser shows says so.
public enum RedirectOutcome: Sendable, Equatable {
  case signedIn
  /// The user refused at the provider (RFC 6749 §4.1.2.1 `access_denied`, X's `denied`).
  case declined
  case failed
}

public protocol BoundRedirectListener: Sendable {
  var redirectURI: URL { get }
  /// Waits for the next request to the expected path and returns its full URL. The browser's request
  /// stays open until `refuse(_:)` or `close(answering:)`.
  func redirect() async throws -> URL
  /// Answers the requests for `url` at once (they are not the sign-in's redirect: another `state`); the
  /// next `redirect()` returns a later request.
  func refuse(_ url: URL) async
  /// Answers the browser's waiting request, if any, with the page for `outcome` (nil: the sign-in was
  /// cancelled or no redirect came), then unbinds the port. A `redirect()` still waiting throws
  /// `auth/web-context-cancelled`.
  func close(answering outcome: RedirectOutcome?) async
}

extension BoundRedirectListener {
  /// Unbinds without an outcome (`close(answering: nil)`).
  public func close() async { await close(answering: nil) }
}
