import AuthEngine
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An `HTTPTransport` on Foundation's URLSession (libcurl on Linux), for apps outside GLib and for the
/// tests. In a module of its own, so that linking the engine does not link FoundationNetworking (and,
/// on Linux, libcurl): the desktop app uses libsoup (`SoupHTTPTransport`, docs/benchmarks.md).
/// Redirects are refused and requests time out. Proxies come from the process environment
/// (`https_proxy`, `http_proxy`, `no_proxy`), which libcurl reads for every request;
/// swift-corelibs-foundation ignores `connectionProxyDictionary` (measured), so none is set here.
///
/// The session is created on the first request (creating one costs 2–4 ms).
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
  private let timeout: TimeInterval
  private let lock = NSLock()
  private var created: URLSession?  // guarded by `lock`
  private let executor = SessionExecutor()

  public init(timeout: TimeInterval = 30) { self.timeout = timeout }

  deinit { created?.invalidateAndCancel() }

  private var session: URLSession {
    lock.withLock {
      if let created { return created }
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = timeout
      configuration.timeoutIntervalForResource = timeout * 2
      configuration.httpCookieStorage = nil
      configuration.urlCache = nil
      configuration.httpShouldSetCookies = false
      let session = URLSession(configuration: configuration, delegate: NoRedirectDelegate(), delegateQueue: nil)
      created = session
      return session
    }
  }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = request.method
    urlRequest.httpBody = request.body
    for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
    let data: Data
    let response: URLResponse
    do {
      let session = self.session
      (data, response) = try await withTaskExecutorPreference(executor) { try await session.data(for: urlRequest) }
    } catch {
      throw AuthError(
        .networkRequestFailed, origin: .transport,
        payload: .network(NetworkFailure(host: request.url.host, reason: reason(error))))
    }
    guard let http = response as? HTTPURLResponse else {
      throw AuthError(
        .networkRequestFailed, origin: .transport,
        payload: .network(NetworkFailure(host: request.url.host, reason: .notHTTP)))
    }
    var headers: [String: String] = [:]
    for (key, value) in http.allHeaderFields {
      if let key = key as? String, let value = value as? String { headers[key] = value }
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: data)
  }

  /// Why no answer came (never the URL: its query may hold a code or token).
  private func reason(_ error: Error) -> NetworkFailure.Reason {
    switch (error as? URLError)?.code {
    case .timedOut?: .timedOut(after: .milliseconds(Int64(timeout * 1000)))
    case .cannotConnectToHost?: .connectionRefused
    case .cannotFindHost?, .dnsLookupFailed?: .hostNotFound
    case .secureConnectionFailed?, .serverCertificateUntrusted?, .serverCertificateHasBadDate?: .secureConnectionFailed
    case .notConnectedToInternet?, .networkConnectionLost?: .offline
    default: .other
    }
  }
}

/// Returns 3xx responses to the caller instead of following them: a token endpoint that redirects
/// must not receive (or forward) the code and client secret elsewhere.
private final class NoRedirectDelegate: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}

/// Where `send` runs URLSession's calls: a serial dispatch queue of its own, not Swift's cooperative pool.
/// swift-corelibs-foundation makes and starts a task with a synchronous wait on the session's own queue
/// (`DispatchQueue.sync`), which waits as long as that queue is busy with other requests; on the pool
/// (one thread per core) that wait held threads every other task needed (a full test run was sampled
/// with both of the pool's threads there).
final class SessionExecutor: TaskExecutor {
  let queue = DispatchQueue(label: "auth-desktop.url-session")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
