import AuthEngine
import Foundation

/// The Identity Toolkit emulator's state in `DATA_DIR/emulator/identity-toolkit/`: `accounts.json`
/// (every project's accounts and token records, keyed by project id) and `signing-key.pem` (the RS256
/// private key). The folders are 0700 and the files 0600; each write goes to a temporary file renamed
/// over the old one, so a reader sees the old state or the new one.
///
/// File-backed rather than in memory because the emulator lives in whichever AuthDesktop process
/// started it (`auth-desktop --emulator` commands and the window start one when none answers), and a
/// later process must still know the accounts, refresh tokens and signing key of an earlier one, as a
/// Firebase project outlives its clients. Tokens are kept only as SHA-256 digests and passwords as
/// scrypt hashes. A file that cannot be decoded is moved aside (`NAME.corrupt-TIME`, never deleted) and
/// reported as `auth/storage-failure`; the next read starts afresh.
final class FileToolkitStore: ToolkitStore {
  let folder: URL
  let accountsFile: URL
  let keyFile: URL
  private let dataDirectory: URL

  init(dataDirectory: URL) {
    self.dataDirectory = dataDirectory
    folder = dataDirectory.appendingPathComponent("emulator").appendingPathComponent("identity-toolkit")
    accountsFile = folder.appendingPathComponent("accounts.json")
    keyFile = folder.appendingPathComponent("signing-key.pem")
  }

  private struct Document: Codable {
    var version: Int
    var projects: [String: ToolkitState]
  }

  func load(projectID: String) throws -> ToolkitState? {
    try document().projects[projectID]
  }

  func save(_ state: ToolkitState) throws {
    var document = try document()
    document.projects[state.projectID] = state
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .secondsSince1970
    try write(try encoder.encode(document), to: accountsFile)
  }

  func signingKey() throws -> ToolkitSigningKey {
    if let data = try read(keyFile) {
      guard let key = try? ToolkitSigningKey(pemRepresentation: String(decoding: data, as: UTF8.self)) else {
        throw moveAside(keyFile)
      }
      return key
    }
    let key = try ToolkitSigningKey.generate()
    try write(Data(key.pemRepresentation.utf8), to: keyFile)
    return key
  }

  private func document() throws -> Document {
    guard let data = try read(accountsFile) else { return Document(version: 1, projects: [:]) }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let document = try? decoder.decode(Document.self, from: data), document.version == 1 else {
      throw moveAside(accountsFile)
    }
    return document
  }

  private func read(_ file: URL) throws -> Data? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      throw FileEmulatorIdentityStore.failure(file, .cannotRead)
    }
    return data
  }

  /// Keeps an undecodable file as `NAME.corrupt-TIME` and returns the error that says so.
  private func moveAside(_ file: URL) -> AuthError {
    let aside = file.deletingLastPathComponent().appendingPathComponent(
      "\(file.lastPathComponent).corrupt-\(Int(Date().timeIntervalSince1970))")
    guard rename(file.path, aside.path) == 0 else {
      return FileEmulatorIdentityStore.failure(file, .invalidContents(keptAs: nil))
    }
    return FileEmulatorIdentityStore.failure(file, .invalidContents(keptAs: aside.path))
  }

  private func write(_ data: Data, to file: URL) throws {
    try DataDirectory.prepare(dataDirectory)
    try DataDirectory.prepare(folder.deletingLastPathComponent())
    try DataDirectory.prepare(folder)
    do {
      try AtomicFile.replace(file, with: data)
    } catch AtomicFile.Failure.cannotWrite {
      throw FileEmulatorIdentityStore.failure(folder, .cannotWrite)
    } catch AtomicFile.Failure.cannotReplace {
      throw FileEmulatorIdentityStore.failure(file, .cannotWrite)
    }
  }
}
