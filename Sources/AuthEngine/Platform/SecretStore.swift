import Foundation

/// Where one stored secret lives. Only these two non-secret identifiers are visible to the store
/// (Secret Service attributes, file names): never a token.
public struct SecretKey: Sendable, Hashable, CustomStringConvertible {
  /// What the secret belongs to: `pending` (an authorization in progress), `credential`, …
  public var namespace: String
  /// An opaque id within the namespace (a hash or a random id).
  public var id: String

  public init(namespace: String, id: String) {
    self.namespace = namespace
    self.id = id
  }

  public var description: String { "\(namespace)/\(id)" }
}

/// Secret storage. The real implementations are the Secret Service (libsecret, in the app shell) and
/// an opt-in 0600 file (`FileSecretStore`); `InMemorySecretStore` is for tests.
///
/// Implementations throw `AuthError(.secretStoreUnavailable, origin: .storage)` when the store cannot be
/// reached, is locked, or the user dismissed the unlock prompt.
public protocol SecretStore: Sendable {
  func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws
  func load(_ key: SecretKey) async throws -> StoredSecret?
  func delete(_ key: SecretKey) async throws
  /// The ids stored in `namespace` (to find orphans).
  func ids(in namespace: String) async throws -> [String]
  /// Deletes what interrupted writes left beside the secrets, when `isAbandoned(pid, modified)` says
  /// their writer is gone (pid nil: unknown). The file store's temporary files; nothing elsewhere.
  func removeAbandonedWrites(_ isAbandoned: @Sendable (Int64?, Date) -> Bool) async throws
  /// Makes the deletions so far in `namespaces` durable, before the journal rows that name those
  /// secrets are cleared (the file store's folders; nothing where a deletion is durable when it returns).
  func syncDeletions(in namespaces: Set<String>) async throws
}

extension SecretStore {
  /// A store whose writes leave nothing behind when interrupted (the Secret Service, memory).
  public func removeAbandonedWrites(_ isAbandoned: @Sendable (Int64?, Date) -> Bool) async throws {}
  public func syncDeletions(in namespaces: Set<String>) async throws {}
}

public actor InMemorySecretStore: SecretStore {
  private var items: [SecretKey: StoredSecret] = [:]
  /// When set, every call fails as a locked keyring does (fault injection).
  public var isLocked = false

  public init() {}

  public func setLocked(_ locked: Bool) { isLocked = locked }

  public func store(_ secret: StoredSecret, for key: SecretKey, label: String) throws {
    try checkUnlocked()
    items[key] = secret
  }

  public func load(_ key: SecretKey) throws -> StoredSecret? {
    try checkUnlocked()
    return items[key]
  }

  public func delete(_ key: SecretKey) throws {
    try checkUnlocked()
    items[key] = nil
  }

  public func ids(in namespace: String) throws -> [String] {
    try checkUnlocked()
    return items.keys.filter { $0.namespace == namespace }.map(\.id).sorted()
  }

  /// Every stored value, revealed: for tests that prove a secret was written or removed.
  public func revealedValues() -> [String] { items.values.map { $0.reveal() } }

  private func checkUnlocked() throws {
    if isLocked { throw AuthError(.secretStoreUnavailable, origin: .storage, payload: .secretStore(.locked)) }
  }
}
