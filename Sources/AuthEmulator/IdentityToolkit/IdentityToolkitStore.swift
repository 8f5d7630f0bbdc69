import AuthEngine
import Foundation

/// Where the Identity Toolkit emulator keeps its projects' state and its signing key. Calls are
/// synchronous: the emulator actor reads, changes and saves a state without suspending in between, so
/// two requests never interleave their changes.
protocol IdentityToolkitStore: Sendable {
  /// The saved state of `projectID`; nil when there is none yet.
  func load(projectID: String) throws -> IdentityToolkitState?
  func save(_ state: IdentityToolkitState) throws
  /// The ID token signing key, created on first use.
  func signingKey() throws -> IdentityToolkitSigningKey
}

/// State in memory, for tests and for an emulator that must not write to the data dir.
final class InMemoryIdentityToolkitStore: IdentityToolkitStore, @unchecked Sendable {
  private let lock = NSLock()
  private var states: [String: IdentityToolkitState] = [:]
  private var key: IdentityToolkitSigningKey?
  /// When set, `save` throws it (fault injection).
  var failSaves: (any Error)? {
    get { lock.withLock { saveFailure } }
    set { lock.withLock { saveFailure = newValue } }
  }
  private var saveFailure: (any Error)?

  /// `key`: a key to reuse (RSA generation takes a while); nil: one is made on first use.
  init(key: IdentityToolkitSigningKey? = nil) { self.key = key }

  func load(projectID: String) -> IdentityToolkitState? { lock.withLock { states[projectID] } }

  func save(_ state: IdentityToolkitState) throws {
    try lock.withLock {
      if let saveFailure { throw saveFailure }
      states[state.projectID] = state
    }
  }

  func signingKey() throws -> IdentityToolkitSigningKey {
    try lock.withLock {
      if let key { return key }
      let made = try IdentityToolkitSigningKey.generate()
      key = made
      return made
    }
  }
}
