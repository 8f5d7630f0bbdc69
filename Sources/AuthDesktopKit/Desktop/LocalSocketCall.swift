import CGio
import Foundation

/// The caller's side of a `LocalSocketService`: one request, one answer.
public enum LocalSocketCall {
  public enum Outcome: Equatable, Sendable {
    /// Nothing listens at the path (no file, a listener that has gone, the wrong folder), or what
    /// listens runs as another user: ask another way.
    case unreachable
    /// The service's answer; nil when it had none, or the exchange failed once connected.
    case answered(String?)
  }

  /// Sends `request` to the service at `path` and waits up to `timeoutSeconds` for each read and write.
  public static func call(path: String, request: String, timeoutSeconds: UInt32) -> Outcome {
    call(path: path, request: request, timeoutSeconds: timeoutSeconds, serviceUID: getuid())
  }

  /// `serviceUID`: the uid the listening process must have (tests name another to see the refusal).
  static func call(path: String, request: String, timeoutSeconds: UInt32, serviceUID: uid_t) -> Outcome {
    let folder = (path as NSString).deletingLastPathComponent
    guard LocalSocket.fits(path), LocalSocket.isPrivateFolder(folder, create: false),
      let socket = LocalSocket.newSocket()
    else { return .unreachable }
    defer { g_object_unref(UnsafeMutableRawPointer(socket)) }
    g_socket_set_timeout(socket, timeoutSeconds)
    let address = LocalSocket.address(path)
    defer { g_object_unref(UnsafeMutableRawPointer(address)) }
    guard (try? withGError { g_socket_connect(socket, address, nil, $0) }) == 1,
      LocalSocket.peerUID(socket) == serviceUID
    else { return .unreachable }
    defer { _ = try? withGError { g_socket_close(socket, $0) } }
    guard LocalSocket.sendAll(socket, Data(request.utf8)),
      (try? withGError { g_socket_shutdown(socket, 0, 1, $0) }) == 1,
      let answer = LocalSocket.receiveAll(socket), !answer.isEmpty
    else { return .answered(nil) }
    return .answered(String(decoding: answer, as: UTF8.self))
  }
}
