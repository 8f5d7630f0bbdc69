import Foundation

/// The private data dir: created 0700, files in it 0600.
public enum DataDirectory {
  public static func prepare(_ url: URL) throws {
    let manager = FileManager.default
    do {
      if !manager.fileExists(atPath: url.path) {
        try manager.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      }
      try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    } catch {
      throw AuthError(
        .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: url.path, problem: .cannotCreate)),
        detail: "the data dir")
    }
  }

  /// Creates `url` empty with mode 0600 if it does not exist, and tightens its mode if it does.
  public static func preparePrivateFile(_ url: URL) throws {
    let manager = FileManager.default
    if !manager.fileExists(atPath: url.path) {
      guard manager.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
        throw AuthError(
          .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: url.path, problem: .cannotCreate)))
      }
    }
    try? manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
  }
}
