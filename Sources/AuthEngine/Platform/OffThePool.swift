import Dispatch

/// Synchronous work that may block (wait for another process's lock, sync a file) run from a task
/// without holding a thread of Swift's cooperative pool, which has one thread per core: the work runs on
/// a serial dispatch queue of its own (libdispatch gives it a thread of its own pool, as GRDB's queue has)
/// and the task suspends until it ends.
public enum OffThePool {
  public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue(label: "auth-desktop.off-the-pool").async {
        continuation.resume(with: Result(catching: work))
      }
    }
  }
}
