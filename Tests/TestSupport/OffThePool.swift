import Dispatch

/// Runs blocking work (waiting for a process, reading its output to the end) on a Dispatch thread,
/// not on Swift's cooperative pool: that pool has as many threads as cores (two here), and a test that
/// blocks one starves every other task of the run — the engine's, the servers' answers, other tests'.
/// A serial queue of its own, as the engine's `OffThePool`: libdispatch gives it a thread of its own. Not
/// `DispatchQueue.global()`, whose threads are as many as cores too: two tests each waiting there for a
/// client of the test's own service (a python3-gi or gdbus call) left no thread for the service's
/// answer, and the clients' calls timed out.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue(label: "tests.off-the-pool").async { continuation.resume(with: Result { try body() }) }
  }
}
