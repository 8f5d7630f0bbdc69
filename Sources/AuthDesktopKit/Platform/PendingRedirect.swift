import AuthEngine
import Foundation

/// The one redirect a bound listener waits for. `handle` runs on the server's GLib thread, `wait` and
/// `cancel` anywhere; the lock makes the hand-over safe.
final class PendingRedirect: @unchecked Sendable {
  let path: String
  private let lock = NSLock()
  private var baseURI = ""
  private var received: URL?
  private var waiter: CheckedContinuation<URL, Error>?
  private var closed = false

  init(path: String) { self.path = path }

  /// The bound redirect URI (`http://127.0.0.1:PORT/path`); set once the port is known.
  var base: String {
    get { lock.withLock { baseURI } }
    set { lock.withLock { baseURI = newValue } }
  }

  func handle(_ request: LoopbackRequest) -> LoopbackResponse {
    guard request.path == path else { return RedirectPage.notFound }
    guard request.method == "GET" else { return RedirectPage.methodNotAllowed }
    let waiting: CheckedContinuation<URL, Error>?
    let url: URL?
    (waiting, url) = lock.withLock {
      guard received == nil, !closed, !baseURI.isEmpty,
        let url = URL(string: baseURI + (request.query.map { "?" + $0 } ?? ""))
      else { return (nil, nil) }
      received = url
      defer { waiter = nil }
      return (waiter, url)
    }
    if let waiting, let url { waiting.resume(returning: url) }
    return RedirectPage.page
  }

  func wait() async throws -> URL {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, Error>) in
        let ready: Result<URL, Error>? = lock.withLock {
          if let received { return .success(received) }
          if closed { return .failure(AuthError(.webContextCancelled, origin: .redirect)) }
          if Task.isCancelled { return .failure(CancellationError()) }
          if waiter != nil {
            return .failure(AuthError(.internalError, origin: .redirect, detail: "redirect() is already waiting"))
          }
          waiter = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      take()?.resume(throwing: CancellationError())
    }
  }

  func cancel() {
    lock.withLock { closed = true }
    take()?.resume(throwing: AuthError(.webContextCancelled, origin: .redirect))
  }

  private func take() -> CheckedContinuation<URL, Error>? {
    lock.withLock {
      defer { waiter = nil }
      return waiter
    }
  }
}
