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
    let folder = target.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".\(target.lastPathComponent)-\(UUID().uuidString).tmp")
    guard writeSynced(Array(bytes), to: temporary.path) else {
      unlink(temporary.path)
      throw .cannotWrite
    }
    guard rename(temporary.path, target.path) == 0 else {
      unlink(temporary.path)
      throw .cannotReplace
    }
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
