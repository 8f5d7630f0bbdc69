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

  public init(dataDirectory: URL) { directory = dataDirectory.appendingPathComponent("secrets") }

  public func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws {
    let folder = try namespaceFolder(key.namespace)
    try DataDirectory.prepare(folder)
    let target = folder.appendingPathComponent(try fileName(key.id))
    do {
      try AtomicFile.replace(target, with: Array(secret.reveal().utf8))
    } catch AtomicFile.Failure.cannotWrite {
      throw unavailable(folder, "cannot write")
    } catch AtomicFile.Failure.cannotReplace {
      throw unavailable(folder, "cannot replace a secret file")
    }
  }

  public func load(_ key: SecretKey) async throws -> StoredSecret? {
    let file = try namespaceFolder(key.namespace).appendingPathComponent(try fileName(key.id))
    guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
    return StoredSecret(String(decoding: data, as: UTF8.self))
  }

  public func delete(_ key: SecretKey) async throws {
    let folder = try namespaceFolder(key.namespace)
    let file = folder.appendingPathComponent(try fileName(key.id))
    guard unlink(file.path) == 0 || errno == ENOENT else { throw unavailable(folder, "cannot delete a secret file") }
  }

  public func ids(in namespace: String) async throws -> [String] {
    let folder = try namespaceFolder(namespace)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted()
  }

  private func namespaceFolder(_ namespace: String) throws -> URL {
    directory.appendingPathComponent(try fileName(namespace))
  }

  /// Ids and namespaces are engine-made (hex, letters, `-`, `_`, `.`); anything else is refused so a
  /// name can never climb out of the folder.
  private func fileName(_ name: String) throws -> String {
    guard !name.isEmpty, !name.hasPrefix("."),
      name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    else {
      throw AuthError(.internalError, origin: .storage, detail: "invalid secret id")
    }
    return name
  }

  private func unavailable(_ folder: URL, _ detail: String) -> AuthError {
    AuthError(
      .secretStoreUnavailable, origin: .storage, payload: .secretStore(.folderNotWritable(folder.path)), detail: detail)
  }
}
