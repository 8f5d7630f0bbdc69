import Foundation
import Synchronization

/// The store connection's busy handler (GRDB's `busyMode = .callback`): what a transaction does when
/// another process holds SQLite's lock. While `withoutWaiting` runs (the first attempt of every
/// transaction, on the caller's thread: `AuthDatabase+Access`) it fails at once with `SQLITE_BUSY`;
/// otherwise it waits up to `limitMilliseconds`, retrying on SQLite's own schedule for a busy timeout.
///
/// The switch was a `PRAGMA busy_timeout` before and after every transaction. SQLite compiles a
/// PRAGMA statement again at every run, so that was two compilations per transaction, about 0.2–0.46
/// ms of a sign-in on the project's build machine (docs/benchmarks.md); a flag costs nothing.
final class LockWaiting: Sendable {
  private let waits = Atomic<Bool>(true)
  /// How long a transaction waits for another process's lock before failing with `SQLITE_BUSY`.
  static let limitMilliseconds = 10_000
  /// The pauses between tries, in milliseconds (SQLite's busy-timeout schedule), the last one repeated.
  static let pauses = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

  /// Whether a transaction that meets a lock now waits for it.
  var isWaiting: Bool { waits.load(ordering: .relaxed) }

  /// `body` with a lock failing at once. Called with the connection held (inside the queue's access),
  /// so no other transaction of this process runs meanwhile.
  func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
    waits.store(false, ordering: .relaxed)
    defer { waits.store(true, ordering: .relaxed) }
    return try body()
  }

  /// SQLite's busy handler: after `tries` earlier calls for the same lock, pauses and returns true
  /// (try again), or returns false (give up: `SQLITE_BUSY`).
  func retry(after tries: Int) -> Bool {
    guard isWaiting, let pause = Self.pause(after: tries) else { return false }
    usleep(UInt32(pause) * 1000)
    return true
  }

  /// The pause before try `tries + 1`, in milliseconds; nil once the pauses so far reach the limit (the
  /// last pause is shortened to end there).
  static func pause(after tries: Int) -> Int? {
    let waited =
      pauses.prefix(tries).reduce(0, +) + max(0, tries - pauses.count) * pauses[pauses.count - 1]
    guard waited < limitMilliseconds else { return nil }
    return min(tries < pauses.count ? pauses[tries] : pauses[pauses.count - 1], limitMilliseconds - waited)
  }
}
