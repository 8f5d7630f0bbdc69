import Foundation

/// An in-process stand-in for the loopback listener: tests deliver the redirect with `deliver(_:)`,
/// read the page outcome the session answered with, or make `bind` fail.
public final class InMemoryRedirectListener: RedirectListener, @unchecked Sendable {
  private let lock = NSLock()
  private var nextPort = 49_152
  private var bound: [InMemoryBoundListener] = []
  private var bindError: (any Error)?

  public init() {}

  /// Makes the next `bind` calls throw `error` (nil: bind again).
  public func failBinding(with error: (any Error)?) { lock.withLock { bindError = error } }

  public func bind(path: String) async throws -> any BoundRedirectListener {
    try lock.withLock {
      if let bindError { throw bindError }
      nextPort += 1
      let listener = InMemoryBoundListener(redirectURI: URL(string: "http://127.0.0.1:\(nextPort)\(path)")!)
      bound.append(listener)
      return listener
    }
  }

  /// Hands `url` to the listener whose port and path it names; false when none is bound there.
  @discardableResult
  public func deliver(_ url: URL) async -> Bool {
    let target = lock.withLock { bound.first { $0.accepts(url) } }
    guard let target else { return false }
    return target.deliver(url)
  }

  /// Ends the waiting `redirect()` of every open listener with `error` (a listener that fails).
  public func fail(with error: any Error) { for listener in lock.withLock({ bound }) { listener.fail(error) } }

  /// How many listeners are bound and not closed.
  public var openCount: Int { lock.withLock { bound.filter { !$0.isClosed }.count } }

  /// The outcomes closed listeners answered with, in order (nil: closed without one).
  public var answered: [RedirectOutcome?] { lock.withLock { bound.compactMap(\.answer) } }

  /// The URLs the sessions refused (not their redirect), over all listeners.
  public var refused: [URL] { lock.withLock { bound.flatMap(\.refused) } }
}

final class InMemoryBoundListener: BoundRedirectListener, @unchecked Sendable {
  let redirectURI: URL
  private let lock = NSLock()
  private var queued: [Result<URL, any Error>] = []
  private var waiter: CheckedContinuation<URL, Error>?
  private var closed = false
  private(set) var answer: RedirectOutcome??
  private(set) var refused: [URL] = []

  init(redirectURI: URL) { self.redirectURI = redirectURI }

  var isClosed: Bool { lock.withLock { closed } }

  func accepts(_ url: URL) -> Bool { url.port == redirectURI.port && url.path == redirectURI.path }

  func deliver(_ url: URL) -> Bool { settle(.success(url)) }

  func fail(_ error: any Error) { _ = settle(.failure(error)) }

  private func settle(_ result: Result<URL, any Error>) -> Bool {
    let (accepted, waiting): (Bool, CheckedContinuation<URL, Error>?) = lock.withLock {
      guard !closed else { return (false, nil) }
      guard let waiter else {
        queued.append(result)
        return (true, nil)
      }
      self.waiter = nil
      return (true, waiter)
    }
    waiting?.resume(with: result)
    return accepted
  }

  func redirect() async throws -> URL {
    try await withCheckedThrowingContinuation { continuation in
      let ready: Result<URL, any Error>? = lock.withLock {
        if !queued.isEmpty { return queued.removeFirst() }
        if closed { return .failure(AuthError(.webContextCancelled, origin: .redirect)) }
        waiter = continuation
        return nil
      }
      if let ready { continuation.resume(with: ready) }
    }
  }

  func refuse(_ url: URL) async { lock.withLock { refused.append(url) } }

  func close(answering outcome: RedirectOutcome?) async {
    let waiting: CheckedContinuation<URL, Error>? = lock.withLock {
      guard !closed else { return nil }
      closed = true
      answer = .some(outcome)
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(throwing: AuthError(.webContextCancelled, origin: .redirect))
  }
}
