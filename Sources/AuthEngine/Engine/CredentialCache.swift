import Foundation

/// The provider credentials an `Auth` has read, each beside the revision its `providerCredential` row
/// had before the read (`CredentialRevisionSchema`): `CredentialVault.loadForUse` answers from here
/// while the row still has that revision, so a long-lived process (the session-bus service answering
/// `GetAccessToken`) reads the keyring once per change instead of at every call. Every write of a
/// credential's secret, in any process, gives its row a new revision after the secret is written;
/// the revision is read before the secret, so a read racing a write is kept under the older revision
/// and read again at the next use. Only the first look at a credential comes from here: a refresh
/// reads the secret store again under its lock (`AuthorizationService.validCredential`).
final class CredentialCache: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [String: (revision: Int64, credential: OAuthCredential)] = [:]

  /// The credential kept under `key`, when it was read at `revision`.
  func credential(_ key: String, revision: Int64) -> OAuthCredential? {
    lock.withLock { kept[key].flatMap { $0.revision == revision ? $0.credential : nil } }
  }

  func keep(_ credential: OAuthCredential, _ key: String, revision: Int64) {
    lock.withLock { kept[key] = (revision, credential) }
  }

  func forget(_ key: String) {
    _ = lock.withLock { kept.removeValue(forKey: key) }
  }
}
