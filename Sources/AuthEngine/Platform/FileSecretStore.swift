import Crypto
import Foundation

/// Secrets as files in `DATA_DIR/secrets/NAMESPACE/ID`, mode 0600 in 0700 folders. Used only when the
/// configuration opts in (`secret_store = "file"`), for machines without a Secret Service; `status`
/// warns about it. Each write is an `AtomicFile.replace` (a synced temporary file renamed over the old
/// one), so a reader sees the old secret or the new one, never a torn one. The folder is not synced after the
/// rename or a deletion: on a journaling file system (ext4, XFS) the next sync of the store's WAL
/// commits those earlier changes of names with it (docs/threat-model.md, "After a power cut").
public struct FileSecretStore: SecretStore {
  public let directory: URL
  private let root: String

  public init(dataDirectory: URL) {
    directory = dataDirectory.appendingPathComponent("secrets")
    root = directory.path
  }

  /// The write and its `fsync` run off Swift's cooperative pool (`OffThePool`): a sync can take as
  /// long as the disk does.
  public func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws {
    let folder = try namespaceFolder(key.namespace)
    let file = folder + "/" + (try fileName(key.id))
    try await OffThePool.run {
      try Self.prepare(folder)
      do {
        try AtomicFile.replace(atPath: file, with: Array(secret.reveal().utf8))
      } catch AtomicFile.Failure.cannotWrite {
        throw Self.unavailable(folder, "cannot write")
      } catch AtomicFile.Failure.cannotReplace {
        throw Self.unavailable(folder, "cannot replace a secret file")
      }
    }
  }

  public func load(_ key: SecretKey) async throws -> StoredSecret? {
    let file = try namespaceFolder(key.namespace) + "/" + (try fileName(key.id))
    guard let data = FileManager.default.contents(atPath: file) else { return nil }
    return StoredSecret(String(decoding: data, as: UTF8.self))
  }

  public func delete(_ key: SecretKey) async throws {
    let folder = try namespaceFolder(key.namespace)
    let file = folder + "/" + (try fileName(key.id))
    guard unlink(file) == 0 || errno == ENOENT else { throw Self.unavailable(folder, "cannot delete a secret file") }
  }

  public func ids(in namespace: String) async throws -> [String] {
    let folder = try namespaceFolder(namespace)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  /// An `fsync` of each folder: an unlink is a change of the folder, durable with the file system's
  /// next journal commit, which a sync of the WAL alone does not force (docs/threat-model.md).
  /// Off Swift's cooperative pool, as `store`'s sync.
  public func syncDeletions(in namespaces: Set<String>) async throws {
    let folders = try namespaces.map { try namespaceFolder($0) }
    try await OffThePool.run {
      for folder in folders {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 && errno == ENOENT { continue }
        guard fd >= 0 else { throw Self.unavailable(folder, "cannot open a secret folder") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw Self.unavailable(folder, "cannot sync a secret folder") }
      }
    }
  }

  /// The temporary files (`AtomicFile`) of writers that are gone: a writer killed between writing one
  /// and renaming it into place, or a power cut that kept the file but not the rename
  /// (docs/threat-model.md, "After a power cut"). Each holds a secret no listing shows.
  public func removeAbandonedWrites(_ isAbandoned: @Sendable (Int64?, Date) -> Bool) async throws {
    let manager = FileManager.default
    for namespace in (try? manager.contentsOfDirectory(atPath: root)) ?? [] where !namespace.hasPrefix(".") {
      let folder = root + "/" + namespace
      for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
        let (isTemporary, pid) = AtomicFile.leftover(name)
        var info = stat()
        guard isTemporary, lstat(folder + "/" + name, &info) == 0 else { continue }
        if isAbandoned(pid, Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec))) {
          unlink(folder + "/" + name)
        }
      }
    }
  }

  private func namespaceFolder(_ namespace: String) throws -> String {
    root + "/" + (try fileName(namespace))
  }

  /// The folder exists as a 0700 directory (one `stat`), or `DataDirectory.prepare` makes it so.
  private static func prepare(_ folder: String) throws {
    var info = stat()
    if stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & 0o777 == 0o700 { return }
    try DataDirectory.prepare(URL(fileURLWithPath: folder, isDirectory: true))
  }

  /// Ids and namespaces are engine-made (hex, letters, `-`, `_`, `.`); anything else is refused so a
  /// name can never climb out of the folder.
  private func fileName(_ name: String) throws -> String {
    guard let first = name.utf8.first, first != UInt8(ascii: "."),
      name.utf8.allSatisfy({ Self.allowed($0) })
    else {
      throw AuthError(.internalError, origin: .storage, detail: "invalid secret id")
    }
    return name
  }

  private static func allowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
      true
    default: false
    }
  }

  private static func unavailable(_ folder: String, _ detail: String) -> AuthError {
    AuthError(
      .secretStoreUnavailable, origin: .storage, payload: .secretStore(.folderNotWritable(folder)), detail: detail)
  }
}
