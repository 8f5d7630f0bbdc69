import AuthEngine
import CGio
import CSoup
import Foundation

/// An HTTP/1.1 server on `127.0.0.1` that hands every request to an async handler: libsoup's
/// `SoupServer` on its own `GLibMainContextThread`, so it answers whether or not a GTK main loop runs.
/// Each request is paused (`soup_server_message_pause`) while the handler runs on the Swift concurrency
/// pool, and answered from the server's thread when it returns.
///
/// The listening socket is made here, not by `soup_server_listen_local`: that binds with
/// `allow_reuse = TRUE` (`SO_REUSEADDR` on Linux). The loopback redirect listener must not set it
/// (RFC 8252 Appendix B.5); a server on a fixed, well-known port that is stopped and started during
/// development (the provider emulator) should, so a restart is not refused while closed connections sit
/// in TIME_WAIT. On Linux a second listener on the port is refused either way.
public final class SoupHTTPServer: Sendable {
  public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

  /// Why a server could not start.
  public enum ListenError: Error, Sendable {
    /// Another socket listens on the port.
    case addressInUse(port: UInt16)
    /// Anything else, with GLib's technical message.
    case failed(String)
  }

  public let port: UInt16
  private let thread: GLibMainContextThread
  let inFlight: InFlightAnswers

  private init(port: UInt16, thread: GLibMainContextThread, inFlight: InFlightAnswers) {
    self.port = port
    self.thread = thread
    self.inFlight = inFlight
  }

  /// Binds `127.0.0.1:port` (0: a port chosen by the kernel) and starts serving. `makeHandler` gets the
  /// base URL (`http://127.0.0.1:PORT`) once the port is known. Throws `ListenError`.
  public static func start(
    port: UInt16, reuseAddress: Bool, makeHandler: @escaping @Sendable (URL) -> Handler
  ) async throws -> SoupHTTPServer {
    let inFlight = InFlightAnswers()
    let (thread, bound) = try await GLibMainContextThread.start(name: "auth-desktop.http") { thread in
      try SoupHTTP.listen(
        port: port, reuseAddress: reuseAddress, thread: thread, inFlight: inFlight, makeHandler: makeHandler)
    }
    return SoupHTTPServer(port: bound, thread: thread, inFlight: inFlight)
  }

  public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// Lets answers already on their way finish writing (at most `grace`, also for a cancelled caller),
  /// then unbinds the port, closes open connections and ends the thread.
  public func stop(grace: Duration = .seconds(10)) async {
    await inFlight.drained(within: grace)
    await thread.stop()
  }

  /// `stop()` without waiting, for deinitialisers.
  public func requestStop() { thread.requestStop() }
}

/// What the request callback needs, boxed as its user data.
private struct SoupHTTPDispatch: @unchecked Sendable {
  let handler: SoupHTTPServer.Handler
  let thread: GLibMainContextThread
  let root: String
  let inFlight: InFlightAnswers
}

/// A `SoupServerMessage` kept alive (one reference) while its answer is computed; used on the server's
/// thread only.
private struct PausedMessage: @unchecked Sendable {
  let pointer: OpaquePointer
}

/// The GLib side of `SoupHTTPServer`; everything here runs on its thread.
private enum SoupHTTP {
  static func listen(
    port: UInt16, reuseAddress: Bool, thread: GLibMainContextThread, inFlight: InFlightAnswers,
    makeHandler: @Sendable (URL) -> SoupHTTPServer.Handler
  ) throws -> (UInt16, tearDown: () -> Void) {
    let socket = try boundSocket(port: port, reuseAddress: reuseAddress)
    let bound: UInt16
    do {
      bound = try localPort(socket)
    } catch {
      g_object_unref(socket)
      throw SoupHTTPServer.ListenError.failed("the bound port cannot be read: \(error)")
    }
    let root = "http://127.0.0.1:\(bound)"
    let dispatch = SoupHTTPDispatch(
      handler: makeHandler(URL(string: root)!), thread: thread, root: root, inFlight: inFlight)
    let server = authdesktop_soup_server_new()!
    soup_server_add_handler(server, nil, requestThunk, GLibBox<SoupHTTPDispatch>.retained(dispatch), glibReleaseBox)
    do {
      return (bound, try soupListen(server, on: socket))
    } catch {
      throw SoupHTTPServer.ListenError.failed("libsoup could not serve \(root): \(error.message)")
    }
  }

  /// A listening TCP socket on 127.0.0.1:`port`, with `SO_REUSEADDR` only when asked (see `SoupHTTPServer`).
  private static func boundSocket(port: UInt16, reuseAddress: Bool) throws -> UnsafeMutablePointer<GSocket> {
    let socket: UnsafeMutablePointer<GSocket>
    do {
      socket = try withGError { g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, $0) }!
    } catch {
      throw SoupHTTPServer.ListenError.failed("no TCP socket: \(error.message)")
    }
    let loopback = g_inet_address_new_loopback(G_SOCKET_FAMILY_IPV4)
    let address = g_inet_socket_address_new(loopback, port)
    defer {
      g_object_unref(address)
      g_object_unref(loopback)
    }
    do {
      try withGError { g_socket_bind(socket, address, reuseAddress ? 1 : 0, $0) }
      try withGError { g_socket_listen(socket, $0) }
      return socket
    } catch {
      g_object_unref(socket)
      if error.isAddressInUse { throw SoupHTTPServer.ListenError.addressInUse(port: port) }
      throw SoupHTTPServer.ListenError.failed("cannot listen on 127.0.0.1:\(port): \(error.message)")
    }
  }

  /// `auth/emulator-unavailable`: the server cannot listen on `port` (0: a port the system chooses).
  private static func unavailable(_ port: UInt16, _ detail: String) -> AuthError {
    AuthError(
      .emulatorUnavailable, origin: .transport,
      payload: .port(PortIssue(port: port == 0 ? nil : port, problem: .cannotListen)), detail: detail)
  }

  private static func localPort(_ socket: UnsafeMutablePointer<GSocket>) throws -> UInt16 {
    let address = try withGError { g_socket_get_local_address(socket, $0) }!
    defer { g_object_unref(address) }
    return g_inet_socket_address_get_port(glibCast(address, to: GInetSocketAddress.self))
  }

  /// The request as the engine's `HTTPRequest`: the URL is the server's root plus the request target
  /// as GUri parsed it.
  static func request(_ message: OpaquePointer, root: String) -> HTTPRequest {
    let uri = soup_server_message_get_uri(message)
    let path = uri.map { String(cString: g_uri_get_path($0)) } ?? "/"
    let query = uri.flatMap { g_uri_get_query($0) }.map { "?" + String(cString: $0) } ?? ""
    var headers: [(name: String, value: String)] = []
    var iterator = SoupMessageHeadersIter()
    soup_message_headers_iter_init(&iterator, soup_server_message_get_request_headers(message))
    var name: UnsafePointer<CChar>?
    var value: UnsafePointer<CChar>?
    while soup_message_headers_iter_next(&iterator, &name, &value) != 0 {
      if let name, let value { headers.append((String(cString: name), String(cString: value))) }
    }
    var body: Data?
    if let requestBody = soup_server_message_get_request_body(message),
      let bytes = soup_message_body_flatten(requestBody)
    {
      var size: gsize = 0
      if let data = g_bytes_get_data(bytes, &size), size > 0 { body = Data(bytes: data, count: Int(size)) }
      g_bytes_unref(bytes)
    }
    return HTTPRequest(
      method: String(cString: soup_server_message_get_method(message)),
      url: URL(string: root + path + query) ?? URL(string: root + "/")!, headers: headers, body: body)
  }

  static func respond(_ message: OpaquePointer, _ response: HTTPResponse) {
    soup_server_message_set_status(message, UInt32(response.status), nil)
    let headers = soup_server_message_get_response_headers(message)
    for (name, value) in response.headers where name != "content-type" && name != "content-length" {
      soup_message_headers_replace(headers, name, value)
    }
    response.body.withUnsafeBytes { body in
      soup_server_message_set_response(
        message, response.header("content-type"), SOUP_MEMORY_COPY, body.baseAddress, gsize(body.count))
    }
  }
}

/// `SoupServerCallback` of the default handler: pauses the message, runs the handler off this thread
/// and answers from this thread.
private let requestThunk: SoupServerCallback = { _, message, _, _, userData in
  guard let message, let userData else { return }
  let dispatch = GLibBox<SoupHTTPDispatch>.value(at: userData)
  let request = SoupHTTP.request(message, root: dispatch.root)
  dispatch.inFlight.track(message)
  g_object_ref(UnsafeMutableRawPointer(message))
  soup_server_message_pause(message)
  let paused = PausedMessage(pointer: message)
  Task {
    let response = await dispatch.handler(request)
    dispatch.thread.perform {
      SoupHTTP.respond(paused.pointer, response)
      soup_server_message_unpause(paused.pointer)
      g_object_unref(UnsafeMutableRawPointer(paused.pointer))
    }
  }
}
