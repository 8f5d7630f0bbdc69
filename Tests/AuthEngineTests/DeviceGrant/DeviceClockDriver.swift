import AuthEngine
import Foundation
import TestSupport
import Testing

/// Plays the passing of time for a device sign-in whose `Auth` runs on a `ManualClock`: the session's
/// waits (its pacing, the codes' expiry, its timeout) end when the test moves the clock, never in real
/// seconds.
enum DeviceClockDriver {
  /// Moves `clock` a second at a time while the session waits (`sleepers`: its poll's sleep, and its
  /// timeout's when it has one), until it ends, `done` holds (checked while it waits), or `limit`
  /// seconds. `beforeEachSecond` runs before each move (a server's own clock moves first).
  static func drive(
    _ session: DeviceSignInSession, clock: ManualClock, sleepers: Int = 1, limit: Int = 2000,
    until done: () async throws -> Bool = { false }, beforeEachSecond: () async throws -> Void = {},
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    for _ in 0..<limit {
      try await Poll.until("the session to wait or end", every: .milliseconds(2), sourceLocation: sourceLocation) {
        if clock.sleeperCount >= sleepers { return true }
        return await session.isFinished
      }
      if await session.isFinished { return }
      if try await done() { return }
      try await beforeEachSecond()
      clock.advance(by: 1)
    }
    Issue.record("the session did not end within \(limit) seconds", sourceLocation: sourceLocation)
  }
}
