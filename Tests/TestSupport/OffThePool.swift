import Dispatch

/// Runs blocking work (waiting for a process, reading its output to the end) on a Dispatch thread,
/// not on Swift's cooperative pool: that pool has as many threads as cores (two here), and a test that
/// blocks one starves every other task of the run — the engine's, the servers' answers, other tests'.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
  }
}
