import AuthEngine
import Foundation

/// The loopback redirect of RFC 8252 §7.3 over libsoup: each `bind(path:)` starts a `SoupServer` on
/// `127.0.0.1` with a port chosen by the kernel (§7.3: "any port"; Appendix B.5: no `SO_REUSEADDR`),
/// which lives only until `close()`.
///
/// Only `GET` of the exact path is delivered (and answered with `RedirectPage`); any other path gets
/// 404 and another method 405, neither delivered. Later requests to the path (a reload) get the page
/// again but `redirect()` keeps the first.
public struct SoupRedirectListener: RedirectListener {
  public init() {}

  public func bind(path: String) async throws -> any BoundRedirectListener {
    guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#"),
      URLComponents(string: "http://127.0.0.1\(path)")?.percentEncodedPath == path
    else {
      throw AuthError.configuration(
        ConfigurationIssue(file: nil, key: "redirect_uri", problem: .invalidRedirectPath), detail: path)
    }
    let pending = PendingRedirect(path: path)
    let server = try await SoupLoopbackServer.start { request in pending.handle(request) }
    return SoupBoundRedirectListener(
      redirectURI: URL(string: "http://127.0.0.1:\(server.port)\(path)")!, server: server, pending: pending)
  }
}

final class SoupBoundRedirectListener: BoundRedirectListener {
  let redirectURI: URL
  private let server: SoupLoopbackServer
  private let pending: PendingRedirect

  init(redirectURI: URL, server: SoupLoopbackServer, pending: PendingRedirect) {
    self.redirectURI = redirectURI
    self.server = server
    self.pending = pending
    pending.base = redirectURI.absoluteString
  }

  /// A listener dropped without `close()` still unbinds its port (RFC 8252 §7.3: bound only while an
  /// authorization is pending).
  deinit { server.requestStop() }

  /// The full URL of the first `GET` of the path: this listener's redirect URI plus the request's query
  /// as libsoup received it (see `LoopbackRequest` for GUri's normalisation).
  func redirect() async throws -> URL { try await pending.wait() }

  /// Unbinds the port; a `redirect()` still waiting throws `auth/web-context-cancelled`.
  func close() async {
    pending.cancel()
    await server.stop()
  }
}
