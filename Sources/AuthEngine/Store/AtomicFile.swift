import Foundation

/// Replaces a file's contents all at once: the bytes go to a new 0600 file beside it and a rename puts
/// them in its place, so a reader sees the old contents or the new, never a torn file. One sync each
/// (docs/threat-model.md, "After a power cut"): over an existing file the new one is synced before the
/// rename, so a power cut leaves the old contents or the new; a name that did not exist is renamed
/// first and then synced, which makes its contents and the name itself durable at once. The folder is
/// not synced.
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
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .cannotWrite }
    defer { close(fd) }
    guard writeAll(Array(bytes), to: fd) else {
      unlink(temporary)
      throw .cannotWrite
    }
    var info = stat()
    if lstat(target, &info) != 0 && errno == ENOENT {
      // A new name: its sync after the rename (an fsync: the rename changed the inode) commits the
      // name with the contents. Until it returns the name is not durable, nor what would reference it.
      guard rename(temporary, target) == 0 else {
        unlink(temporary)
        throw .cannotReplace
      }
      guard fsync(fd) == 0 else {
        unlink(target)
        throw .cannotWrite
      }
    } else {
      guard fsync(fd) == 0 else {
        unlink(temporary)
        throw .cannotWrite
      }
      guard rename(temporary, target) == 0 else {
        unlink(temporary)
        throw .cannotReplace
      }
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

  /// Writes all of `bytes` to `fd`.
  private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var written = 0
    while written < bytes.count {
      let result = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if result < 0 && errno == EINTR { continue }
      guard result > 0 else { return false }
      written += result
    }
    return true
  }
}
