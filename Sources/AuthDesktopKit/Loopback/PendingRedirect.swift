import AuthEngine
import Foundation

/// The requests a bound listener received on its path, in order, each waiting for its answer. The
/// session takes them one by one (`next()`): a request it refuses (not its `state`: a forged or stray
/// one) is answered at once, and it takes the next, so such a request cannot take the real redirect's
/// place. When the sign-in ends, every request still waiting gets the page of its outcome, and later
/// ones (a reload) get it at once. `handle` runs on the server's tasks, the rest anywhere; the lock makes
/// the hand-over safe.
final class PendingRedirect: @unchecked Sendable {
  let path: String
  let pages: RedirectPage
  private let lock = NSLock()
  private var baseURI = ""
  /// Received and not yet taken by `next()`.
  private var queued: [URL] = []
  private var taker: CheckedContinuation<URL, Error>?
  /// nil until the sign-in ends; then its outcome (itself nil when it ended without a redirect).
  private var outcome: RedirectOutcome??
  /// Requests waiting for their page, by URL (several requests may share one).
  private var answers: [(url: URL, continuation: CheckedContinuation<RedirectOutcome?, Never>)] = []
  private var refused: [URL] = []

  init(path: String, pages: RedirectPage) {
    self.path = path
    self.pages = pages
  }

  /// The bound redirect URI (`http://127.0.0.1:PORT/path`); set once the port is known.
  var base: String {
    get { lock.withLock { baseURI } }
    set { lock.withLock { baseURI = newValue } }
  }

  /// A `GET` of the path is queued for `next()`, and answered with the page of what became of it.
  func handle(_ request: HTTPRequest) async -> HTTPResponse {
    guard request.url.path == path else { return RedirectPage.notFound }
    guard request.method == "GET" else { return RedirectPage.methodNotAllowed }
    let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
    let url: URL? = lock.withLock {
      guard !baseURI.isEmpty else { return nil }
      return URL(string: baseURI + (query.map { "?" + $0 } ?? ""))
    }
    guard let url else { return RedirectPage.notFound }
    let ended: RedirectOutcome? = await withCheckedContinuation { continuation in
      let (known, handOver): (RedirectOutcome??, CheckedContinuation<URL, Error>?) = lock.withLock {
        if let outcome = self.outcome { return (.some(outcome), nil) }
        answers.append((url, continuation))
        if let taker {
          self.taker = nil
          return (nil, taker)
        }
        queued.append(url)
        return (nil, nil)
      }
      if let known { continuation.resume(returning: known) }
      handOver?.resume(returning: url)
    }
    return pages.page(for: ended)
  }

  /// The next request received on the path (waiting for one if none is queued).
  func next() async throws -> URL {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, Error>) in
        let ready: Result<URL, Error>? = lock.withLock {
          if !queued.isEmpty { return .success(queued.removeFirst()) }
          if outcome != nil { return .failure(AuthError(.webContextCancelled, origin: .redirect)) }
          if Task.isCancelled { return .failure(CancellationError()) }
          if taker != nil {
            return .failure(AuthError(.internalError, origin: .redirect, detail: "redirect() is already waiting"))
          }
          taker = continuation
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      take()?.resume(throwing: CancellationError())
    }
  }

  /// Whether a `next()` is waiting for a request (for tests that act on a waiting listener).
  var isWaiting: Bool { lock.withLock { taker != nil } }

  /// Answers the requests for `url` now: they are not the sign-in's redirect.
  func refuse(_ url: URL) {
    let waiting: [CheckedContinuation<RedirectOutcome?, Never>] = lock.withLock {
      refused.append(url)
      let matching = answers.filter { $0.url == url }.map(\.continuation)
      answers.removeAll { $0.url == url }
      return matching
    }
    for continuation in waiting { continuation.resume(returning: .failed) }
  }

  /// Ends the wait: the requests still waiting (and any later one) get the page for `outcome`, and a
  /// `next()` still waiting throws `auth/web-context-cancelled`.
  func answer(_ outcome: RedirectOutcome?) {
    let (waiting, taker): ([CheckedContinuation<RedirectOutcome?, Never>], CheckedContinuation<URL, Error>?) =
      lock.withLock {
        if self.outcome == nil { self.outcome = .some(outcome) }
        defer {
          answers = []
          queued = []
          self.taker = nil
        }
        return (answers.map(\.continuation), self.taker)
      }
    let final = lock.withLock { self.outcome! }
    for continuation in waiting { continuation.resume(returning: final) }
    taker?.resume(throwing: AuthError(.webContextCancelled, origin: .redirect))
  }

  private func take() -> CheckedContinuation<URL, Error>? {
    lock.withLock {
      defer { taker = nil }
      return taker
    }
  }
}
