import AuthEngine
import Foundation

/// The one redirect a bound listener waits for, and the browser request that brought it, which is
/// answered once the sign-in's outcome is known. `handle` runs on the server's tasks, `wait`, `answer`
/// and `cancel` anywhere; the lock makes the hand-over safe.
final class PendingRedirect: @unchecked Sendable {
  let path: String
  let pages: RedirectPage
  private let lock = NSLock()
  private var baseURI = ""
  private var received: URL?
  private var waiter: CheckedContinuation<URL, Error>?
  private var closed = false
  /// nil until the sign-in ends; then its outcome (itself nil when it ended without a redirect).
  private var outcome: RedirectOutcome??
  private var answerWaiters: [CheckedContinuation<RedirectOutcome?, Never>] = []

  init(path: String, pages: RedirectPage) {
    self.path = path
    self.pages = pages
  }

  /// The bound redirect URI (`http://127.0.0.1:PORT/path`); set once the port is known.
  var base: String {
    get { lock.withLock { baseURI } }
    set { lock.withLock { baseURI = newValue } }
  }

  /// The first `GET` of the path is the redirect: it is handed to `wait()`, and its answer waits for
  /// `answer(_:)`. Later ones (a reload) get the page of the outcome once there is one.
  func handle(_ request: HTTPRequest) async -> HTTPResponse {
    guard request.url.path == path else { return RedirectPage.notFound }
    guard request.method == "GET" else { return RedirectPage.methodNotAllowed }
    let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
    let (waiting, url): (CheckedContinuation<URL, Error>?, URL?) = lock.withLock {
      guard received == nil, !closed, !baseURI.isEmpty, let url = URL(string: baseURI + (query.map { "?" + $0 } ?? ""))
      else { return (nil, nil) }
      received = url
      defer { waiter = nil }
      return (waiter, url)
    }
    if let waiting, let url { waiting.resume(returning: url) }
    return pages.page(for: await outcomeOfTheSignIn())
  }

  private func outcomeOfTheSignIn() async -> RedirectOutcome? {
    await withCheckedContinuation { continuation in
      let known: RedirectOutcome?? = lock.withLock {
        if let outcome { return .some(outcome) }
        answerWaiters.append(continuation)
        return nil
      }
      if let known { continuation.resume(returning: known) }
    }
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

  /// Ends the wait: the browser's request (and any later one) gets the page for `outcome`, and a
  /// `wait()` still waiting throws `auth/web-context-cancelled`.
  func answer(_ outcome: RedirectOutcome?) {
    let waiting: [CheckedContinuation<RedirectOutcome?, Never>] = lock.withLock {
      closed = true
      if self.outcome == nil { self.outcome = .some(outcome) }
      defer { answerWaiters = [] }
      return answerWaiters
    }
    let final = lock.withLock { self.outcome! }
    for waiter in waiting { waiter.resume(returning: final) }
    take()?.resume(throwing: AuthError(.webContextCancelled, origin: .redirect))
  }

  private func take() -> CheckedContinuation<URL, Error>? {
    lock.withLock {
      defer { waiter = nil }
      return waiter
    }
  }
}
