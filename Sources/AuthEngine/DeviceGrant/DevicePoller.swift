import Foundation

/// RFC 8628 §3.5's pacing, on the engine's clock: no poll sooner than `interval` after the previous
/// answer (or after the device authorization response, for the first); each `slow_down` adds 5 seconds
/// to every later wait (or sets the longer interval it names); no poll at or after `expiresAt` — the
/// codes are then expired (`auth/code-expired`).
struct DevicePoller: Sendable {
  /// §3.5: what each `slow_down` adds.
  static let slowDownStep: TimeInterval = 5

  let clock: any AuthClock
  let expiresAt: Date
  private(set) var interval: TimeInterval

  init(clock: any AuthClock, expiresAt: Date, interval: TimeInterval) {
    self.clock = clock
    self.expiresAt = expiresAt
    self.interval = interval
  }

  /// Polls with `poll` until it gives the tokens or throws. Cancelling the task ends the wait at once
  /// (`CancellationError`); no poll is sent once it is cancelled.
  mutating func run(_ poll: () async throws -> DevicePollAnswer) async throws -> TokenResponse {
    while true {
      let remaining = expiresAt.timeIntervalSince(clock.now())
      guard remaining > interval else {
        if remaining > 0 { try await clock.sleep(for: Self.duration(remaining)) }
        throw AuthError(.codeExpired, origin: .request, detail: "expires_in elapsed")
      }
      try await clock.sleep(for: Self.duration(interval))
      try Task.checkCancellation()
      switch try await poll() {
      case .token(let tokens): return tokens
      case .pending: continue
      case .slowDown(let named): interval = max(interval + Self.slowDownStep, named ?? 0)
      }
    }
  }

  static func duration(_ seconds: TimeInterval) -> Duration { .milliseconds(Int64((seconds * 1000).rounded(.up))) }
}
