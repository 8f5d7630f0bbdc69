import AuthEngine
import Foundation

/// Where the Identity Toolkit emulator keeps its projects' state and its signing key. Calls are
/// synchronous: the emulator actor reads, changes and saves a state without suspending in between, so
/// two requests never interleave their changes.
protocol ToolkitStore: Sendable {
  /// The saved state of `projectID`; nil when there is none yet.
  func load(projectID: String) throws -> ToolkitState?
  func save(_ state: ToolkitState) throws
  /// The ID token signing key, created on first use.
  func signingKey() throws -> ToolkitSigningKey
}

/// State in memory, for tests and for an emulator that must not write to the data dir.
final class InMemoryToolkitStore: ToolkitStore, @unchecked Sendable {
  private let lock = NSLock()
  private var states: [String: ToolkitState] = [:]
  private var key: ToolkitSigningKey?
  /// When set, `save` throws it (fault injection).
  var failSaves: (any Error)? {
    get { lock.withLock { saveFailure } }
    set { lock.withLock { saveFailure = newValue } }
  }
  private var saveFailure: (any Error)?

  /// `key`: a key to reuse (RSA generation takes a while); nil: one is made on first use.
  init(key: ToolkitSigningKey? = nil) { self.key = key }

  func load(projectID: String) -> ToolkitState? { lock.withLock { states[projectID] } }

  func save(_ state: ToolkitState) throws {
    try lock.withLock {
      if let saveFailure { throw saveFailure }
      states[state.projectID] = state
    }
  }

  func signingKey() throws -> ToolkitSigningKey {
    try lock.withLock {
      if let key { return key }
      let made = try ToolkitSigningKey.generate()
      key = made
      return made
    }
  }
}
