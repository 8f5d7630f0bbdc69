import Foundation

/// Receives the loopback redirect of RFC 8252 §7.3: an HTTP listener on 127.0.0.1 with an ephemeral
/// port, bound only while one authorization is pending. The real implementation (libsoup's SoupServer)
/// lives in the app shell.
public protocol RedirectListener: Sendable {
  /// Binds `127.0.0.1:0` and answers only `path`. The returned redirect URI has the chosen port.
  func bind(path: String) async throws -> any BoundRedirectListener
}

public protocol BoundRedirectListener: Sendable {
  var redirectURI: URL { get }
  /// Waits for the one request to the expected path and returns its full URL.
  func redirect() async throws -> URL
  func close() async
}

/// An in-process stand-in: tests deliver the redirect by calling `deliver(_:)`.
public final class InMemoryRedirectListener: RedirectListener, @unchecked Sendable {
  private let lock = NSLock()
  private var nextPort = 49_152
  private var bound: [InMemoryBoundListener] = []

  public init() {}

  public func bind(path: String) async throws -> any BoundRedirectListener {
    lock.withLock {
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
    return await target.deliver(url)
  }
}

final class InMemoryBoundListener: BoundRedirectListener, @unchecked Sendable {
  let redirectURI: URL
  private let lock = NSLock()
  private var received: URL?
  private var waiter: CheckedContinuation<URL, Error>?
  private var closed = false

  init(redirectURI: URL) { self.redirectURI = redirectURI }

  func accepts(_ url: URL) -> Bool { url.port == redirectURI.port && url.path == redirectURI.path }

  func deliver(_ url: URL) async -> Bool {
    let waiting: CheckedContinuation<URL, Error>? = lock.withLock {
      guard !closed, received == nil else { return nil }
      received = url
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(returning: url)
    return true
  }

  func redirect() async throws -> URL {
    try await withCheckedThrowingContinuation { continuation in
      let ready: Result<URL, Error>? = lock.withLock {
        if let received { return .success(received) }
        if closed { return .failure(AuthError(.webContextCancelled, origin: .redirect)) }
        waiter = continuation
        return nil
      }
      if let ready { continuation.resume(with: ready) }
    }
  }

  func close() async {
    let waiting: CheckedContinuation<URL, Error>? = lock.withLock {
      closed = true
      defer { waiter = nil }
      return waiter
    }
    waiting?.resume(throwing: AuthError(.webContextCancelled, origin: .redirect))
  }
}
