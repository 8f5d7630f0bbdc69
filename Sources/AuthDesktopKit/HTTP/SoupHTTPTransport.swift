import AuthEngine
import CSoup
import Foundation

/// The desktop's `HTTPTransport`: libsoup 3, the HTTP library of GNOME apps, already loaded for the
/// loopback listener. One `SoupSession` runs on a thread of its own (`GLibMainContextThread`), started
/// by the first request (`status` and `token` send none). Connections are kept alive between
/// requests, so a sign-in's token and profile requests share one. Redirects are returned, not followed
/// (`SOUP_MESSAGE_NO_REDIRECT`: a token endpoint that redirects must not receive the code and client
/// secret elsewhere). Socket I/O, connecting included, times out after `timeout`. TLS is GIO's
/// (glib-networking), certificates checked; proxies come from GIO's default resolver (libproxy:
/// `http_proxy`, `https_proxy`, `no_proxy`, or the desktop's proxy settings).
///
/// Why not URLSession (the engine's `URLSessionTransport`): on Linux it is libcurl driven through
/// libdispatch — about 0.5 ms more per request — and linking FoundationNetworking maps libcurl and
/// the fifteen libraries it needs into every process, command or window, at each start
/// (docs/benchmarks.md).
public final class SoupHTTPTransport: HTTPTransport, @unchecked Sendable {
  private let timeout: TimeInterval
  private let lock = NSLock()
  private var started: Task<SoupClient, Error>?  // guarded by `lock`

  public init(timeout: TimeInterval = 30) { self.timeout = timeout }

  deinit {
    if let started { Task { try? await started.value.thread.requestStop() } }
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let client = try await self.client()
    let exchange = SoupExchange(request: request, timeout: timeout)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        exchange.continuation = continuation
        client.thread.perform { [session = client.session] in exchange.start(on: session.pointer) }
      }
    } onCancel: {
      exchange.cancel()
    }
  }

  private func client() async throws -> SoupClient {
    let task = lock.withLock {
      if let started { return started }
      let timeout = self.timeout
      let task = Task { try await SoupClient.start(timeout: timeout) }
      started = task
      return task
    }
    return try await task.value
  }
}

/// The session and the thread it lives on.
struct SoupClient: Sendable {
  let thread: GLibMainContextThread
  let session: SessionPointer

  /// `SoupSession` is used on its thread only; the pointer crosses threads to get there.
  struct SessionPointer: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SoupSession>
  }

  static func start(timeout: TimeInterval) async throws -> SoupClient {
    let (thread, session) = try await GLibMainContextThread.start(name: "auth-desktop.http") {
      () throws -> (SessionPointer, tearDown: () -> Void) in
      let session = soup_session_new()!
      soup_session_set_timeout(session, guint(max(1, timeout.rounded(.up))))
      return (
        SessionPointer(pointer: session),
        {
          soup_session_abort(session)
          g_object_unref(session)
        }
      )
    }
    return SoupClient(thread: thread, session: session)
  }
}
