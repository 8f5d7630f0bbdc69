import CGio
import Foundation

/// What `LocalSocketService` and `LocalSocketCall` share: a Unix stream socket in a folder only its
/// user can enter, peers checked by their uid (`SO_PEERCRED`, GIO's `GCredentials`), and one exchange
/// per connection — the request up to the writer's shutdown, then the answer up to the close.
public enum LocalSocket {
  typealias Socket = UnsafeMutablePointer<GSocket>

  /// Longest exchange either side reads: more is refused (a request is a few hundred bytes).
  static let limit = 64 * 1024

  /// A `sockaddr_un` holds 108 bytes, the terminating NUL included.
  public static func fits(_ path: String) -> Bool { path.hasPrefix("/") && path.utf8.count < 108 }

  /// `folder` exists (made with mode 0700 if it did not), belongs to this user and lets no one else in.
  static func isPrivateFolder(_ folder: String, create: Bool) -> Bool {
    if create { mkdir(folder, 0o700) }
    var info = stat()
    return lstat(folder, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid()
      && info.st_mode & 0o077 == 0
  }

  static func newSocket() -> Socket? {
    try? withGError { g_socket_new(G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT, $0) }
  }

  static func address(_ path: String) -> UnsafeMutablePointer<GSocketAddress> {
    UnsafeMutableRawPointer(g_unix_socket_address_new(path)).assumingMemoryBound(to: GSocketAddress.self)
  }

  /// The uid of the process at the other end, nil when the kernel does not say.
  static func peerUID(_ socket: Socket) -> uid_t? {
    guard let credentials = try? withGError({ g_socket_get_credentials(socket, $0) }) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(credentials)) }
    let uid = try? withGError { g_credentials_get_unix_user(credentials, $0) }
    return uid.flatMap { $0 == uid_t.max ? nil : $0 }
  }

  /// Everything up to the other side's shutdown or close; nil on an error, a timeout or more than `limit`.
  static func receiveAll(_ socket: Socket) -> Data? {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        try? withGError { g_socket_receive(socket, bytes.baseAddress, gsize(bytes.count), nil, $0) }
      }
      guard let count, count >= 0 else { return nil }
      if count == 0 { return received }
      received.append(contentsOf: buffer[0..<count])
      if received.count > limit { return nil }
    }
  }

  /// All of `data`; false on an error or a timeout.
  static func sendAll(_ socket: Socket, _ data: Data) -> Bool {
    var sent = 0
    while sent < data.count {
      let count = data.withUnsafeBytes { bytes in
        try? withGError { g_socket_send(socket, bytes.baseAddress! + sent, gsize(bytes.count - sent), nil, $0) }
      }
      guard let count, count > 0 else { return false }
      sent += count
    }
    return true
  }
}
