import Foundation

/// A `SecretStore` whose namespaces carry a partition prefix (`emulator.credential`), so two account
/// stores that share one keyring never see each other's items. The provider emulator's accounts use
/// one: without it, an emulator identity with the same provider user id as a real one would share its
/// credential item, and ID tokens minted against the emulator would be signed with the real signing key.
public struct PartitionedSecretStore: SecretStore {
  public let base: any SecretStore
  public let partition: String

  /// `partition`: letters, digits, `-` or `_` (it becomes part of Secret Service attributes and file names).
  public init(_ base: any SecretStore, partition: String) {
    precondition(
      !partition.isEmpty
        && partition.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
      "invalid secret store partition")
    self.base = base
    self.partition = partition
  }

  private func scoped(_ key: SecretKey) -> SecretKey {
    SecretKey(namespace: scoped(key.namespace), id: key.id)
  }

  private func scoped(_ namespace: String) -> String { "\(partition).\(namespace)" }

  public func store(_ secret: StoredSecret, for key: SecretKey, label: String) async throws {
    try await base.store(secret, for: scoped(key), label: "\(label) (\(partition))")
  }

  public func load(_ key: SecretKey) async throws -> StoredSecret? { try await base.load(scoped(key)) }

  public func delete(_ key: SecretKey) async throws { try await base.delete(scoped(key)) }

  public func ids(in namespace: String) async throws -> [String] { try await base.ids(in: scoped(namespace)) }

  public func syncDeletions(in namespaces: Set<String>) async throws {
    try await base.syncDeletions(in: Set(namespaces.map(scoped)))
  }

  public func removeAbandonedWrites(_ isAbandoned: @Sendable (Int64?, Date) -> Bool) async throws {
    try await base.removeAbandonedWrites(isAbandoned)
  }
}
