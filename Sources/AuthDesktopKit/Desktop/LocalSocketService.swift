import CGio
import Foundation

/// A request–answer service on a Unix socket of its own (docs/architecture.md, "The token agent"): a
/// way to a resident process of the session without the bus's handshake and routing. The socket is
/// made in a folder that only this user can enter (mode 0700, made when missing) with mode 0600, and
/// a peer whose uid is not this process's gets no answer. Each connection carries one request (up to
/// the caller's shutdown) and gets one answer (up to the close): the handler's text, or nothing when
/// it returns nil. Connections are accepted and read on a thread of their own, with a timeout; the
/// handler runs as a Swift task per request, so requests may overlap.
public final class LocalSocketService: @unchecked Sendable {
  public typealias Handler = @Sendable (String) async -> String?

  /// Each read and write of a connection.
  static let timeoutSeconds: UInt32 = 2

  private let listener: LocalSocket.Socket
  private let cancellable: UnsafeMutablePointer<GCancellable>
  private let path: String
  /// The socket file as `bind` made it: `stop` removes the file at `path` only while it is this one.
  private let file: (device: UInt64, inode: UInt64)
  private let finished = DispatchSemaphore(value: 0)

  private init(listener: LocalSocket.Socket, path: String, file: (UInt64, UInt64)) {
    self.listener = listener
    self.path = path
    self.file = file
    cancellable = g_cancellable_new()
  }

  /// Listens at `path`; nil when its folder is not private to this user, the path is too long for a
  /// socket, or another process already listens there. A file left by a listener that has gone is
  /// replaced.
  public static func start(path: String, handler: @escaping Handler) -> LocalSocketService? {
    start(path: path, handler: handler, callerUID: getuid())
  }

  /// `callerUID`: the uid a caller must have (tests name another to see the refusal).
  static func start(path: String, handler: @escaping Handler, callerUID: uid_t) -> LocalSocketService? {
    guard LocalSocket.fits(path),
      LocalSocket.isPrivateFolder((path as NSString).deletingLastPathComponent, create: true)
    else { return nil }
    if case .answered = LocalSocketCall.call(path: path, request: "", timeoutSeconds: 1) { return nil }
    unlink(path)
    guard let listener = LocalSocket.newSocket() else { return nil }
    let address = LocalSocket.address(path)
    defer { g_object_unref(UnsafeMutableRawPointer(address)) }
    var info = stat()
    guard (try? withGError({ g_socket_bind(listener, address, 0, $0) })) == 1, chmod(path, 0o600) == 0,
      lstat(path, &info) == 0, (try? withGError({ g_socket_listen(listener, $0) })) == 1
    else {
      g_object_unref(UnsafeMutableRawPointer(listener))
      return nil
    }
    let service = LocalSocketService(listener: listener, path: path, file: (UInt64(info.st_dev), UInt64(info.st_ino)))
    Thread.detachNewThread { service.accept(handler: handler, callerUID: callerUID) }
    return service
  }

  /// Stops listening and removes the socket file if it is still this service's.
  public func stop() {
    g_cancellable_cancel(cancellable)
    finished.wait()
    removeFile()
    _ = try? withGError { g_socket_close(listener, $0) }
    g_object_unref(UnsafeMutableRawPointer(listener))
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  /// Removes the socket file if it is still the one `bind` made.
  private func removeFile() {
    var info = stat()
    if lstat(path, &info) == 0, (UInt64(info.st_dev), UInt64(info.st_ino)) == file { unlink(path) }
  }

  private func accept(handler: @escaping Handler, callerUID: uid_t) {
    defer { finished.signal() }
    while true {
      guard let connection = try? withGError({ g_socket_accept(listener, cancellable, $0) }) else {
        // Stopped, or accepting failed (no descriptor left, say). A socket that nobody accepts on would
        // hold each caller until its timeout: the file goes, and callers ask the bus.
        if g_cancellable_is_cancelled(cancellable) == 0 { removeFile() }
        return
      }
      let caller = Connection(socket: connection)
      g_socket_set_timeout(connection, Self.timeoutSeconds)
      guard LocalSocket.peerUID(connection) == callerUID, let request = LocalSocket.receiveAll(connection) else {
        caller.close()
        continue
      }
      Task {
        if let answer = await handler(String(decoding: request, as: UTF8.self)) {
          _ = LocalSocket.sendAll(caller.socket, Data(answer.utf8))
        }
        caller.close()
      }
    }
  }

  /// An accepted `GSocket`, answered from a task and closed once.
  private struct Connection: @unchecked Sendable {
    let socket: LocalSocket.Socket

    func close() {
      _ = try? withGError { g_socket_close(socket, $0) }
      g_object_unref(UnsafeMutableRawPointer(socket))
    }
  }
}
