import Foundation

/// Wall-clock time, injectable so expiry rules can be tested.
public protocol AuthClock: Sendable {
  func now() -> Date
}

public struct SystemClock: AuthClock {
  public init() {}
  public func now() -> Date { Date() }
}

/// A clock that moves only when told to.
public final class ManualClock: AuthClock, @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  public init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) { current = start }

  public func now() -> Date { lock.withLock { current } }

  public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
