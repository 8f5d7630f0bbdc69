import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Finds this process's listening TCP socket on `127.0.0.1:port` (`/proc/net/tcp` gives its inode,
/// `/proc/self/fd` the descriptor) and reads its options, to check what libsoup cannot tell us.
public enum LoopbackSocketInspector {
  public struct Socket {
    var fd: Int32
    public var reuseAddress: Bool
    public var reusePort: Bool
  }

  public static func listeningSocket(port: Int) throws -> Socket? {
    let local = String(format: "0100007F:%04X", port)
    var inode: String?
    for columns in try tcpTable() where columns.count > 9 && columns[1] == local && columns[3] == "0A" {
      inode = String(columns[9])
    }
    guard let inode else { return nil }
    for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
        target == "socket:[\(inode)]", let fd = Int32(name)
      else { continue }
      return Socket(fd: fd, reuseAddress: option(fd, SO_REUSEADDR), reusePort: option(fd, SO_REUSEPORT))
    }
    return nil
  }

  /// The rows of `/proc/net/tcp`, split into columns: sl local_address rem_address st
  /// tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode. Read to the end: procfs reports no size,
  /// and `String(contentsOfFile:)` then reads one page, 27 rows (the servers' kept-alive connections
  /// fill more).
  public static func tcpTable() throws -> [[Substring]] {
    guard let file = FileHandle(forReadingAtPath: "/proc/net/tcp") else { throw TestSetupError("no /proc/net/tcp") }
    defer { try? file.close() }
    let table = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    return table.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }
  }

  private static func option(_ fd: Int32, _ name: Int32) -> Bool {
    var value: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(fd, SOL_SOCKET, name, &value, &length) == 0 && value != 0
  }

  /// Whether 127.0.0.1 refuses a connection to `url`'s port now: one blocking connect attempt (short:
  /// loopback answers or refuses at once).
  public static func refusesConnectionsNow(_ url: URL) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(url.port ?? 0).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    return result != 0
  }
}
