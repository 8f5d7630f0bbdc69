import Synchronization

/// A value set once, by any thread, and read or awaited by others: the hand-over between a thread or
/// callback that produces something once (the emulator made on the server's thread, a model built by a
/// task, the first signal caught, an answer read from a socket) and the code that needs it. Only the
/// first `set` counts.
public final class OnceValue<Value: Sendable>: Sendable {
  private let state = Mutex<(value: Value?, waiters: [CheckedContinuation<Value, Never>])>((nil, []))

  public init() {}

  /// Sets the value unless it is set already; true when this call set it. Wakes every waiter.
  @discardableResult
  public func set(_ value: Value) -> Bool {
    let waiters: [CheckedContinuation<Value, Never>]? = state.withLock { state in
      guard state.value == nil else { return nil }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters ?? [] { waiter.resume(returning: value) }
    return waiters != nil
  }

  /// The value, or nil while it is not set.
  public var current: Value? { state.withLock { $0.value } }

  /// The value, once it is set.
  public var value: Value {
    get async {
      await withCheckedContinuation { continuation in
        let ready: Value? = state.withLock { state in
          if state.value == nil { state.waiters.append(continuation) }
          return state.value
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
