import Foundation

/// One refresh of a token at a time, across the threads and processes that share a data dir: an
/// exclusive `flock` on `DATA_DIR/locks/NAME.lock` (0600, in a 0700 folder), held from the read of the
/// token to the save of the refreshed one, so that whoever waited reads what the first one stored
/// instead of spending a refresh token the provider has already rotated (docs/threat-model.md, T16).
///
/// No SQLite transaction is held across the network request: the lock is a file of its own. Waiting
/// for it holds no thread of Swift's cooperative pool: `flock` blocks on a thread of its own
/// (`OffThePool`). A process that dies holding it lets go with its last descriptor; each holder opens
/// the file itself, so two tasks of one process exclude each other too (a `flock` belongs to its
/// open file description). A wait cannot be cancelled; it lasts as long as the holder's refresh, which
/// the transport's timeout bounds.
public struct RefreshLock: Sendable {
  /// `DATA_DIR/locks`.
  public let folder: URL

  public init(dataDirectory: URL) { folder = dataDirectory.appendingPathComponent("locks") }

  /// `body` while this caller holds the lock named `name` (letters, digits, `-`, `_`).
  public func holding<T: Sendable>(
    _ name: String, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async throws -> T {
    let fd = try await acquire(name)
    defer { close(fd) }
    return try await body()
  }

  private func acquire(_ name: String) async throws -> Int32 {
    guard !name.isEmpty, name.utf8.allSatisfy({ Self.allowed($0) }) else {
      throw AuthError(.internalError, origin: .storage, detail: "invalid lock name")
    }
    try DataDirectory.prepare(folder)
    let path = folder.appendingPathComponent(name + ".lock").path
    return try await OffThePool.run {
      let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard fd >= 0 else {
        throw AuthError(
          .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: path, problem: .cannotCreate)))
      }
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else {
          close(fd)
          throw AuthError(
            .storageFailure, origin: .storage, payload: .storage(StorageIssue(path: path, problem: .cannotOpen)))
        }
      }
      return fd
    }
  }

  private static func allowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }
}
