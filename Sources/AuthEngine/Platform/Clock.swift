import Foundation

/// Wall-clock time and waiting, injectable so expiry rules and timeouts can be tested without waiting.
public protocol AuthClock: Sendable {
  func now() -> Date
  /// Suspends for `duration` of this clock's time; throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws
}

public struct SystemClock: AuthClock {
  public init() {}
  public func now() -> Date { Date() }
  public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// A clock that moves only when told to: `advance(by:)` moves `now()` and wakes every `sleep` whose
/// end has come, in order.
public final class ManualClock: AuthClock, @unchecked Sendable {
  private struct Sleeper {
    var id: UUID
    var until: Date
    var continuation: CheckedContinuation<Void, Error>
  }

  private let lock = NSLock()
  private var current: Date
  private var sleepers: [Sleeper] = []

  public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

  public func now() -> Date { lock.withLock { current } }

  /// How many `sleep` calls are waiting (tests wait for a sleeper before they advance the clock).
  public var sleeperCount: Int { lock.withLock { sleepers.count } }

  public func advance(by seconds: TimeInterval) {
    let due: [Sleeper] = lock.withLock {
      current += seconds
      let due = sleepers.filter { $0.until <= current }.sorted { $0.until < $1.until }
      sleepers.removeAll { $0.until <= current }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }

  public func sleep(for duration: Duration) async throws {
    let id = UUID()
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
        let ready: Result<Void, Error>? = lock.withLock {
          if Task.isCancelled { return .failure(CancellationError()) }
          let until = current + seconds
          if until <= current { return .success(()) }
          sleepers.append(Sleeper(id: id, until: until, continuation: continuation))
          return nil
        }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      let cancelled: Sleeper? = lock.withLock {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }
}
