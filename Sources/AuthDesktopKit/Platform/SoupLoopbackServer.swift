import AuthEngine
import CSoup

/// An HTTP/1.1 server on `127.0.0.1` with an ephemeral port (RFC 8252 §7.3): libsoup's `SoupServer`
/// on its own `GLibMainContextThread`, so it answers whether or not a GTK main loop runs.
///
/// The listening socket is made here, not by `soup_server_listen_local`/`soup_server_listen`: those
/// bind with `allow_reuse = TRUE`, which sets `SO_REUSEADDR` on Linux, and RFC 8252 Appendix B.5 asks
/// for neither `SO_REUSEADDR` nor `SO_REUSEPORT` on the redirect listener.
final class SoupLoopbackServer: Sendable {
  let port: UInt16
  private let thread: GLibMainContextThread

  private init(port: UInt16, thread: GLibMainContextThread) {
    self.port = port
    self.thread = thread
  }

  /// Binds `127.0.0.1:0` and starts answering with `handler`.
  static func start(handler: @escaping LoopbackHandler) async throws -> SoupLoopbackServer {
    let (thread, port) = try await GLibMainContextThread.start(name: "auth-desktop.loopback") {
      try SoupLoopback.listen(handler: handler)
    }
    return SoupLoopbackServer(port: port, thread: thread)
  }

  /// Unbinds the port, closes open connections and ends the thread.
  func stop() async { await thread.stop() }

  /// `stop()` without waiting, for deinitialisers.
  func requestStop() { thread.requestStop() }
}

/// The GLib side of `SoupLoopbackServer`; everything here runs on its thread.
private enum SoupLoopback {
  static func listen(handler: @escaping LoopbackHandler) throws -> (UInt16, tearDown: () -> Void) {
    let socket = try boundSocket()
    let server = authdesktop_soup_server_new()!
    soup_server_add_handler(server, nil, soupHandlerThunk, GLibBox<LoopbackHandler>.retained(handler), glibReleaseBox)
    var tearDown: (() -> Void)?
    do {
      tearDown = try soupListen(server, on: socket)
      return (try localPort(socket), tearDown!)
    } catch {
      tearDown?()
      throw AuthError(
        .loopbackUnavailable, origin: .redirect, payload: .port(PortIssue(port: nil, problem: .cannotListen)),
        detail: "libsoup could not serve the socket")
    }
  }

  /// A listening TCP socket on 127.0.0.1, port chosen by the kernel, without `SO_REUSEADDR`.
  private static func boundSocket() throws -> UnsafeMutablePointer<GSocket> {
    do throws(GLibError) {
      let socket = try withGError {
        g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, $0)
      }!
      let loopback = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4)
      let address = g_inet_socket_address_new(loopback, 0)
      defer {
        g_object_unref(address)
        g_object_unref(loopback)
      }
      do {
        try withGError { g_socket_bind(socket, address, 0, $0) }
        try withGError { g_socket_listen(socket, $0) }
      } catch {
        g_object_unref(socket)
        throw error
      }
      return socket
    } catch {
      throw AuthError(
        .loopbackUnavailable, origin: .redirect, payload: .port(PortIssue(port: nil, problem: .cannotListen)),
        detail: "could not bind 127.0.0.1 (\(error.message))")
    }
  }

  private static func localPort(_ socket: UnsafeMutablePointer<GSocket>) throws -> UInt16 {
    let address = try withGError { g_socket_get_local_address(socket, $0) }!
    defer { g_object_unref(address) }
    return g_inet_socket_address_get_port(glibCast(address, to: GInetSocketAddress.self))
  }
}

/// `SoupServerCallback` of the default handler (NULL path: every request reaches it).
private let soupHandlerThunk: SoupServerCallback = { _, message, _, _, userData in
  guard let message, let userData, let uri = soup_server_message_get_uri(message) else { return }
  let request = LoopbackRequest(
    method: String(cString: soup_server_message_get_method(message)),
    path: String(cString: g_uri_get_path(uri)),
    query: g_uri_get_query(uri).map { String(cString: $0) })
  let response = GLibBox<LoopbackHandler>.value(at: userData)(request)
  soup_server_message_set_status(message, response.status, nil)
  let headers = soup_server_message_get_response_headers(message)
  for header in response.headers { soup_message_headers_replace(headers, header.name, header.value) }
  response.body.withUnsafeBufferPointer { body in
    soup_server_message_set_response(
      message, response.contentType, SOUP_MEMORY_COPY, body.baseAddress, gsize(body.count))
  }
}
