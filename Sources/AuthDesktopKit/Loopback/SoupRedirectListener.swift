import AuthEngine
import Foundation

/// The loopback redirect of RFC 8252 §7.3 over libsoup: each `bind(path:)` starts a `SoupHTTPServer`
/// on `127.0.0.1` with a port chosen by the kernel (§7.3: "any port"; Appendix B.5: no `SO_REUSEADDR`),
/// which lives only until `close(answering:)`.
///
/// Only `GET` of the exact path is delivered, each in turn (`redirect()`); the browser's request then
/// waits for the sign-in's outcome and gets the page that says it (`RedirectPage`). A request the
/// session refuses (another `state`) is answered at once and does not take the redirect's place. Any
/// other path gets 404 and another method 405, neither delivered.
public struct SoupRedirectListener: RedirectListener {
  let pages: RedirectPage

  public init(pages: RedirectPage = RedirectPage()) { self.pages = pages }

  public func bind(path: String) async throws -> any BoundRedirectListener {
    guard path.hasPrefix("/"), !path.contains("?"), !path.contains("#"),
      URLComponents(string: "http://127.0.0.1\(path)")?.percentEncodedPath == path
    else {
      throw AuthError.configuration(
        ConfigurationIssue(file: nil, key: "redirect_uri", problem: .invalidRedirectPath), detail: path)
    }
    let pending = PendingRedirect(path: path, pages: pages)
    let server: SoupHTTPServer
    do {
      server = try await SoupHTTPServer.start(port: 0, reuseAddress: false) { _ in
        { request in await pending.handle(request) }
      }
    } catch {
      throw AuthError(
        .loopbackUnavailable, origin: .redirect, payload: .port(PortIssue(port: nil, problem: .cannotListen)),
        detail: "could not listen on 127.0.0.1 (\(error))")
    }
    return SoupBoundRedirectListener(
      redirectURI: URL(string: "http://127.0.0.1:\(server.port)\(path)")!, server: server, pending: pending)
  }
}

final class SoupBoundRedirectListener: BoundRedirectListener {
  let redirectURI: URL
  private let server: SoupHTTPServer
  private let pending: PendingRedirect

  init(redirectURI: URL, server: SoupHTTPServer, pending: PendingRedirect) {
    self.redirectURI = redirectURI
    self.server = server
    self.pending = pending
    pending.base = redirectURI.absoluteString
  }

  /// A listener dropped without `close` still unbinds its port (RFC 8252 §7.3: bound only while an
  /// authorization is pending).
  deinit {
    pending.answer(nil)
    server.requestStop()
  }

  /// The full URL of the next `GET` of the path: this listener's redirect URI plus the request's query
  /// as libsoup received it (GUri applies RFC 3986 §6.2.2 normalisation to the request target).
  func redirect() async throws -> URL { try await pending.next() }

  func refuse(_ url: URL) async { pending.refuse(url) }

  /// Whether `redirect()` is waiting for a request.
  var isWaiting: Bool { pending.isWaiting }

  /// Answers the browser with `outcome`'s page, then unbinds the port once that answer went out.
  func close(answering outcome: RedirectOutcome?) async {
    pending.answer(outcome)
    await server.stop()
  }
}
