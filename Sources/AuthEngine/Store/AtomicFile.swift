import Foundation

/// Replaces a file's contents all at once: the bytes go to a new 0600 file beside it, are synced to the
/// disk, and a rename puts them in its place. A reader sees the old contents or the new, never a torn
/// file, and a power cut cannot leave the new name with no contents. The folder itself is not synced
/// (docs/threat-model.md, "After a power cut").
public enum AtomicFile {
  /// Which step failed: writing the new file, or renaming it over the old one.
  public enum Failure: Error, Sendable { case cannotWrite, cannotReplace }

  /// Writes `bytes` to `target` (in an existing folder). Nothing is left behind when it fails.
  public static func replace(_ target: URL, with bytes: some Collection<UInt8>) throws(Failure) {
    try replace(atPath: target.path, with: bytes)
  }

  /// `replace(_:with:)` for a file path (`FOLDER/NAME`).
  public static func replace(atPath target: String, with bytes: some Collection<UInt8>) throws(Failure) {
    let temporary = temporaryPath(beside: target)
    guard writeSynced(Array(bytes), to: temporary) else {
      unlink(temporary)
      throw .cannotWrite
    }
    guard rename(temporary, target) == 0 else {
      unlink(temporary)
      throw .cannotReplace
    }
  }

  /// `FOLDER/.NAME-PID-RANDOM.tmp`: hidden (so a listing of secret ids skips it), unique per write, and
  /// naming its writer, so that what a killed writer left can be told from a live one's (`leftover`).
  static func temporaryPath(beside target: String) -> String {
    let slash = target.lastIndex(of: "/")
    let folder = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    var generator = SystemRandomNumberGenerator()
    let random = (0..<2).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64) { Array($0) } }
    return "\(folder).\(name)-\(getpid())-\(Digests.hex(random)).tmp"
  }

  /// Whether `name` is a temporary file of `replace`, and its writer's process id when the name has one
  /// (`.NAME-RANDOM.tmp` of earlier versions has none).
  public static func leftover(_ name: String) -> (isTemporary: Bool, pid: Int64?) {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return (false, nil) }
    let parts = name.dropLast(4).split(separator: "-")
    guard parts.count >= 3, parts[parts.count - 1].count == 32, let pid = Int64(parts[parts.count - 2]) else {
      return (true, nil)
    }
    return (true, pid)
  }

  /// Creates `path` (0600; it must not exist), writes `bytes` and syncs them.
  private static func writeSynced(_ bytes: [UInt8], to path: String) -> Bool {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return fsync(fd) == 0
  }
}
