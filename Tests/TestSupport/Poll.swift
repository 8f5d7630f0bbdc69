import Testing

/// The one way tests wait for something another process or thread does: check `condition` every
/// `interval` until it holds, and fail (recording `what`) once `limit` has passed. No test sleeps and
/// then asserts. It runs on the caller's actor (`isolation`), so a condition that reads GTK widgets
/// from the GLib main actor stays there.
public enum Poll {
  public struct Timeout: Error, CustomStringConvertible {
    public let description: String
  }

  /// Returns as soon as `condition` holds; throws `Timeout` (and records an issue) after `limit`.
  public static func until(
    _ what: String, within limit: Duration = .seconds(30), every interval: Duration = .milliseconds(100),
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + limit
    while true {
      if try await condition() { return }
      guard ContinuousClock.now < deadline else {
        Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
        throw Timeout(description: "timed out waiting for \(what)")
      }
      try await Task.sleep(for: interval)
    }
  }

  /// The first non-nil value of `value`, polled like `until`.
  public static func value<T>(
    _ what: String, within limit: Duration = .seconds(30), every interval: Duration = .milliseconds(100),
    isolation: isolated (any Actor)? = #isolation, sourceLocation: SourceLocation = #_sourceLocation,
    _ value: () async throws -> T?
  ) async throws -> T {
    var found: T?
    try await until(what, within: limit, every: interval, isolation: isolation, sourceLocation: sourceLocation) {
      found = try await value()
      return found != nil
    }
    return found!
  }
}
