import Foundation

/// A TCP port on 127.0.0.1 that was free a moment ago, for a program the test starts on it. It is drawn
/// below the kernel's ephemeral range (`ip_local_port_range`), where the outgoing connections of every
/// other test take their local ports: a port the kernel handed out for `bind(0)` could be taken by one
/// of them before the program bound it (a clean-clone CI run had the emulator exit without a word that
/// way, most likely). Only another `FreePort` draw can meet it there, one in several thousand.
public enum FreePort {
  public static func next() -> UInt16 {
    let low = ephemeralLow()
    while true {
      let port = UInt16.random(in: 10_000..<low)
      if isFree(port) { return port }
    }
  }

  /// The first port of the kernel's ephemeral range (32768 unless configured otherwise).
  static func ephemeralLow() -> UInt16 {
    let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
    let low = text.split(whereSeparator: \.isWhitespace).first.flatMap { UInt16($0) } ?? 32_768
    return max(low, 12_000)
  }

  /// Whether 127.0.0.1:`port` can be bound now.
  static func isFree(_ port: UInt16) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    } == 0
  }
}
