import AuthEngine
import Foundation

/// One file of the emulator's state under the data dir (`DATA_DIR/emulator/…`), the way both its file
/// stores keep theirs: the folders from the data dir down 0700, the file 0600, each write to a temporary
/// file renamed over the old one (a reader sees the old contents or the new), and a file that cannot be
/// decoded moved aside (`NAME.corrupt-TIME`, never deleted) and reported as `auth/storage-failure`
/// naming both paths.
struct EmulatorFile: Sendable {
  let url: URL
  /// The data dir the file lies under; its folders down to the file's are prepared before a write.
  let dataDirectory: URL

  /// The contents; nil when there is no file.
  func read() throws -> Data? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw Self.failure(url, .cannotRead)
    }
    return data
  }

  /// The decoded contents, nil when there is no file; a file `decode` cannot read (it returns nil or
  /// throws) is moved aside and reported.
  func decoded<Value>(_ decode: (Data) throws -> Value?) throws -> Value? {
    guard let data = try read() else { return nil }
    guard let value = try? decode(data) else { throw moveAside() }
    return value
  }

  func write(_ data: Data) throws {
    let folder = url.deletingLastPathComponent()
    var folders: [URL] = []
    var current = folder.standardizedFileURL
    let top = dataDirectory.standardizedFileURL
    while current.path.count > top.path.count, current.path.hasPrefix(top.path) {
      folders.insert(current, at: 0)
      current = current.deletingLastPathComponent()
    }
    for directory in [dataDirectory] + folders { try DataDirectory.prepare(directory) }
    do {
      try AtomicFile.replace(url, with: data)
    } catch AtomicFile.Failure.cannotWrite {
      throw Self.failure(folder, .cannotWrite)
    } catch AtomicFile.Failure.cannotReplace {
      throw Self.failure(url, .cannotWrite)
    }
  }

  /// Keeps the file as `NAME.corrupt-TIME` and returns the error that says so.
  func moveAside() -> AuthError {
    let aside = url.deletingLastPathComponent().appendingPathComponent(
      "\(url.lastPathComponent).corrupt-\(Int(Date().timeIntervalSince1970))")
    guard rename(url.path, aside.path) == 0 else { return Self.failure(url, .invalidContents(keptAs: nil)) }
    return Self.failure(url, .invalidContents(keptAs: aside.path))
  }

  /// JSON as the emulator writes it: indented, keys sorted, slashes unescaped.
  static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `auth/storage-failure` for `url`.
  static func failure(_ url: URL, _ problem: StorageIssue.Problem) -> AuthError {
    AuthError(.storageFailure, origin: .storage, payload: .storage(StorageIssue(path: url.path, problem: problem)))
  }
}
