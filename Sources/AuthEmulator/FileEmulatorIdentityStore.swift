import AuthEngine
import Foundation

/// Identities as JSON in `DATA_DIR/emulator/identities.json`, kept as every emulator file is
/// (`EmulatorFile`: the folder 0700, the file 0600, each write to a temporary file renamed over the old
/// one, so a reader sees the old list or the new one).
///
/// The file is read on every call, so `auth-desktop emulator --reset` from another process takes effect
/// at once. A file that cannot be decoded is moved aside (`identities.json.corrupt-TIME`, never deleted)
/// and reported as `auth/storage-failure` naming both paths; the next read starts from the seeds.
public actor FileEmulatorIdentityStore: EmulatorIdentityStore {
  public nonisolated let file: URL
  private let stored: EmulatorFile

  public init(dataDirectory: URL) {
    file = dataDirectory.appendingPathComponent("emulator").appendingPathComponent("identities.json")
    stored = EmulatorFile(url: file, dataDirectory: dataDirectory)
  }

  private struct Document: Codable {
    var version: Int
    var identities: [EmulatorIdentity]
  }

  public func identities() throws -> [EmulatorIdentity] {
    let document = try stored.decoded { data -> Document? in
      let document = try JSONDecoder().decode(Document.self, from: data)
      return document.version == 1 ? document : nil
    }
    return document?.identities ?? EmulatorIdentity.seeds
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
    try stored.write(try EmulatorFile.encoder().encode(Document(version: 1, identities: identities)))
  }
}
