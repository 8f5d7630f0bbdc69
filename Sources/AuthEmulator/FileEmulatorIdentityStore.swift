import AuthEngine
import Foundation

/// Identities as JSON in `DATA_DIR/emulator/identities.json`: the folder 0700, the file 0600, each write
/// to a temporary file renamed over the old one (a reader sees the old list or the new one).
///
/// The file is read on every call, so `auth-desktop emulator --reset` from another process takes effect
/// at once. A file that cannot be decoded is moved aside (`identities.json.corrupt-TIME`, never deleted)
/// and reported as `auth/storage-failure` naming both paths; the next read starts from the seeds.
public actor FileEmulatorIdentityStore: EmulatorIdentityStore {
  public nonisolated let file: URL
  private let dataDirectory: URL

  public init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
    file = dataDirectory.appendingPathComponent("emulator").appendingPathComponent("identities.json")
  }

  private struct Document: Codable {
    var version: Int
    var identities: [EmulatorIdentity]
  }

  public func identities() throws -> [EmulatorIdentity] {
    let manager = FileManager.default
    guard manager.fileExists(atPath: file.path) else { return EmulatorIdentity.seeds }
    guard let data = manager.contents(atPath: file.path) else {
      throw Self.failure(file, .cannotRead)
    }
    guard let document = try? JSONDecoder().decode(Document.self, from: data), document.version == 1 else {
      let aside = file.deletingLastPathComponent().appendingPathComponent(
        "identities.json.corrupt-\(Int(Date().timeIntervalSince1970))")
      guard rename(file.path, aside.path) == 0 else {
        throw Self.failure(file, .invalidContents(keptAs: nil))
      }
      throw Self.failure(file, .invalidContents(keptAs: aside.path))
    }
    return document.identities
  }

  public func add(_ identity: EmulatorIdentity) throws {
    try write(try identities() + [identity])
  }

  /// Writes the seeds. A file that cannot be decoded is kept aside first.
  public func reset() throws {
    if FileManager.default.fileExists(atPath: file.path) { _ = try? identities() }
    try write(EmulatorIdentity.seeds)
  }

  private func write(_ identities: [EmulatorIdentity]) throws {
    let folder = file.deletingLastPathComponent()
    try DataDirectory.prepare(dataDirectory)
    try DataDirectory.prepare(folder)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(Document(version: 1, identities: identities))
    do {
      try AtomicFile.replace(file, with: data)
    } catch AtomicFile.Failure.cannotWrite {
      throw Self.failure(folder, .cannotWrite)
    } catch AtomicFile.Failure.cannotReplace {
      throw Self.failure(file, .cannotWrite)
    }
  }

  /// `auth/storage-failure` for `url`.
  static func failure(_ url: URL, _ problem: StorageIssue.Problem) -> AuthError {
    AuthError(.storageFailure, origin: .storage, payload: .storage(StorageIssue(path: url.path, problem: problem)))
  }
}
