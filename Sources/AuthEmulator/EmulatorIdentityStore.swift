import AuthEngine
import Foundation

/// Where the emulator's test identities are kept.
public protocol EmulatorIdentityStore: Sendable {
  /// Every identity; `EmulatorIdentity.seeds` when nothing was stored yet.
  func identities() async throws -> [EmulatorIdentity]
  /// Adds one identity (kept across restarts by persistent stores).
  func add(_ identity: EmulatorIdentity) async throws
  /// Forgets the added identities and restores the seeds.
  func reset() async throws
}

/// Identities in memory, for tests and for an emulator that must not write to the data dir.
public actor InMemoryEmulatorIdentityStore: EmulatorIdentityStore {
  private var stored: [EmulatorIdentity]

  public init(_ identities: [EmulatorIdentity] = EmulatorIdentity.seeds) { stored = identities }

  public func identities() -> [EmulatorIdentity] { stored }
  public func add(_ identity: EmulatorIdentity) { stored.append(identity) }
  public func reset() { stored = EmulatorIdentity.seeds }
}
