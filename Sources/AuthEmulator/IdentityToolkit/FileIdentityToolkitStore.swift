import AuthEngine
import Foundation

/// The Identity Toolkit emulator's state in `DATA_DIR/emulator/identity-toolkit/`: `accounts.json`
/// (every project's accounts and token records, keyed by project id) and `signing-key.pem` (the RS256
/// private key), kept as every emulator file is (`EmulatorFile`: the folders 0700 and the files 0600;
/// each write goes to a temporary file renamed over the old one, so a reader sees the old state or the
/// new one).
///
/// File-backed rather than in memory because the emulator lives in whichever AuthDesktop process
/// started it (`auth-desktop --emulator` commands and the window start one when none answers), and a
/// later process must still know the accounts, refresh tokens and signing key of an earlier one, as a
/// Firebase project outlives its clients. Tokens are kept only as SHA-256 digests and passwords as
/// scrypt hashes. A file that cannot be decoded is moved aside (`NAME.corrupt-TIME`, never deleted) and
/// reported as `auth/storage-failure`; the next read starts afresh.
final class FileIdentityToolkitStore: IdentityToolkitStore {
  let folder: URL
  private let accounts: EmulatorFile
  private let key: EmulatorFile

  var accountsFile: URL { accounts.url }
  var keyFile: URL { key.url }

  init(dataDirectory: URL) {
    folder = dataDirectory.appendingPathComponent("emulator").appendingPathComponent("identity-toolkit")
    accounts = EmulatorFile(url: folder.appendingPathComponent("accounts.json"), dataDirectory: dataDirectory)
    key = EmulatorFile(url: folder.appendingPathComponent("signing-key.pem"), dataDirectory: dataDirectory)
  }

  private struct Document: Codable {
    var version: Int
    var projects: [String: IdentityToolkitState]
  }

  func load(projectID: String) throws -> IdentityToolkitState? {
    try document().projects[projectID]
  }

  func save(_ state: IdentityToolkitState) throws {
    var document = try document()
    document.projects[state.projectID] = state
    let encoder = EmulatorFile.encoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    try accounts.write(try encoder.encode(document))
  }

  func signingKey() throws -> IdentityToolkitSigningKey {
    let stored = try key.decoded { data in
      try IdentityToolkitSigningKey(pemRepresentation: String(decoding: data, as: UTF8.self))
    }
    if let stored { return stored }
    let generated = try IdentityToolkitSigningKey.generate()
    try key.write(Data(generated.pemRepresentation.utf8))
    return generated
  }

  private func document() throws -> Document {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    let document = try accounts.decoded { data -> Document? in
      let document = try decoder.decode(Document.self, from: data)
      return document.version == 1 ? document : nil
    }
    return document ?? Document(version: 1, projects: [:])
  }
}
