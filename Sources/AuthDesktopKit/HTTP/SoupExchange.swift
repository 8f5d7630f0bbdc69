import AuthEngine
import CSoup
import Foundation

/// One request of `SoupHTTPTransport`: built, sent and answered on the session's thread, resumed once.
///
/// `@unchecked Sendable`: `continuation` is set before `start` is scheduled on the session's thread
/// (the source attach orders the two) and used only there afterwards; `cancellable` is a
/// `GCancellable`, whose `g_cancellable_cancel` may be called from any thread.
final class SoupExchange: @unchecked Sendable {
  let request: HTTPRequest
  let timeout: TimeInterval
  var continuation: CheckedContinuation<HTTPResponse, Error>?
  private let cancellable = g_cancellable_new()!
  private var message: OpaquePointer?

  init(request: HTTPRequest, timeout: TimeInterval) {
    self.request = request
    self.timeout = timeout
  }

  deinit {
    g_object_unref(cancellable)
    if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
  }

  func cancel() { g_cancellable_cancel(cancellable) }

  /// On the session's thread: sends the request; `answered` resumes the caller.
  func start(on session: UnsafeMutablePointer<SoupSession>) {
    guard let message = soup_message_new(request.method, request.url.absoluteString) else {
      return finish(.failure(failure(.other)))
    }
    self.message = message
    // Redirects are answered, not followed (`SoupHTTPTransport`). Every request may go on a kept-alive
    // connection: libsoup opens a new one for each request it does not know to be idempotent (a POST),
    // which on a loopback server costs more than the request itself (docs/benchmarks.md). What that flag
    // also allows, resending a request whose reused connection the server had already closed, is safe for
    // every request the engine makes: a token request the server did process cannot be redeemed twice
    // (a code and a rotated refresh token are single-use, RFC 6749 §4.1.2, §10.4), and the other POSTs
    // (Identity Toolkit, revocation) answer a repeat with an error or the same result.
    soup_message_set_flags(
      message, SoupMessageFlags(SOUP_MESSAGE_NO_REDIRECT.rawValue | SOUP_MESSAGE_IDEMPOTENT.rawValue))
    let headers = soup_message_get_request_headers(message)
    for header in request.headers { soup_message_headers_append(headers, header.name, header.value) }
    if let body = request.body {
      let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
      // As URLSession does, a body without a Content-Type is a form.
      let type = request.header("Content-Type") == nil ? "application/x-www-form-urlencoded" : nil
      soup_message_set_request_body_from_bytes(message, type, bytes)
      g_bytes_unref(bytes)
    }
    soup_session_send_and_read_async(
      session, message, 0, cancellable, exchangeAnswered, Unmanaged.passRetained(self).toOpaque())
  }

  fileprivate func answered(_ session: UnsafeMutablePointer<SoupSession>, _ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    guard let bytes = soup_session_send_and_read_finish(session, result, &error), let message else {
      let why: NetworkFailure.Reason = error.map { self.reason(GLibError(taking: $0)) } ?? .other
      return finish(.failure(failure(why)))
    }
    defer { g_bytes_unref(bytes) }
    var size: gsize = 0
    let data = g_bytes_get_data(bytes, &size).map { Data(bytes: $0, count: Int(size)) } ?? Data()
    var headers: [String: String] = [:]
    var iterator = SoupMessageHeadersIter()
    soup_message_headers_iter_init(&iterator, soup_message_get_response_headers(message))
    var name: UnsafePointer<CChar>?
    var value: UnsafePointer<CChar>?
    while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
      guard let name, let value else { continue }
      let key = String(cString: name).lowercased()
      headers[key] = headers[key].map { "\($0), \(String(cString: value))" } ?? String(cString: value)
    }
    finish(.success(HTTPResponse(status: Int(soup_message_get_status(message).rawValue), headers: headers, body: data)))
  }

  private func finish(_ result: Result<HTTPResponse, Error>) {
    continuation?.resume(with: result)
    continuation = nil
  }

  /// Never with the URL: its query may hold a code or token.
  private func failure(_ reason: NetworkFailure.Reason) -> AuthError {
    AuthError(
      .networkRequestFailed, origin: .transport,
      payload: .network(NetworkFailure(host: request.url.host, reason: reason)))
  }

  private func reason(_ error: GLibError) -> NetworkFailure.Reason {
    if error.domain == g_io_error_quark() {
      switch error.code {
      case authdesktop_net_error_code(AUTHDESKTOP_NET_TIMED_OUT):
        return .timedOut(after: .milliseconds(Int64(timeout * 1000)))
      case authdesktop_net_error_code(AUTHDESKTOP_NET_CONNECTION_REFUSED): return .connectionRefused
      case authdesktop_net_error_code(AUTHDESKTOP_NET_HOST_UNREACHABLE),
        authdesktop_net_error_code(AUTHDESKTOP_NET_NETWORK_UNREACHABLE):
        return .offline
      default: return .other
      }
    }
    if error.domain == g_resolver_error_quark() { return .hostNotFound }
    if error.domain == g_tls_error_quark() { return .secureConnectionFailed }
    if error.domain == soup_session_error_quark() { return .notHTTP }
    return .other
  }
}

/// `GAsyncReadyCallback` of `soup_session_send_and_read_async`: takes back the exchange's +1 reference.
private let exchangeAnswered: GAsyncReadyCallback = { source, result, userData in
  guard let userData, let source else { return }
  let exchange = Unmanaged<SoupExchange>.fromOpaque(userData).takeRetainedValue()
  exchange.answered(glibCast(source, to: SoupSession.self), result)
}
