import Foundation

/// Process-wide set-up shared by every suite that touches GLib: GIO caches `XDG_DATA_HOME` and
/// `XDG_CONFIG_HOME` on first use, so they must name the tests' own directory before any GIO call.
/// `scripts/test` makes it and starts the test process with them (`AUTH_DESKTOP_TEST_GIO_HOME`); every
/// GLib-using suite's `init` calls `prepare()`, which stops a run started otherwise with that message.
///
/// The directory holds a fake web browser, the default handler of `x-scheme-handler/http(s)`: a
/// shell script that appends the URI it is given (`%u`) as one line to `openedFile`.
public enum TestEnvironment {
  public struct Paths: Sendable {
    /// Where the fake browser writes the URIs it was given.
    public var openedFile: URL
  }

  public static let paths: Paths = make()

  public static func prepare() { _ = paths }

  /// How long a test's HTTP request to a server on 127.0.0.1 may wait for its answer. A bound against a
  /// hang, not a speed check: at the start of a full run hundreds of tests and their child processes
  /// share two cores, and a loopback answer has been seen to take over 10 s there.
  public static let requestTimeout: TimeInterval = 60

  private static func make() -> Paths {
    guard let made = ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_GIO_HOME"] else {
      fatalError("the GLib tests run inside scripts/test, which makes their XDG homes (AUTH_DESKTOP_TEST_GIO_HOME)")
    }
    return Paths(openedFile: URL(fileURLWithPath: made).appendingPathComponent("opened.txt"))
  }
}
