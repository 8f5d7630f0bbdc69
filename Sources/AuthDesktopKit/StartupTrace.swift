import Foundation

public enum StartupTrace {
  static let on = getenv("AD_TRACE") != nil
  public static func mark(_ s: String) {
    guard on else { return }
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    let us = Int(ts.tv_sec) * 1_000_000 + Int(ts.tv_nsec) / 1000
    let line = "TRACE \(us) \(s)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }
}
