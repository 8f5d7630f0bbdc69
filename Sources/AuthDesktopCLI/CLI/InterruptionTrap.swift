import AuthDesktopApp
import Dispatch
import Foundation

/// While it lives, SIGINT and SIGTERM run `cleanUp` and then end the process with the usual status
/// (130 / 143), instead of killing it in the middle of a sign-in.
final class InterruptionTrap {
  private let sources: [any DispatchSourceSignal]
  /// The signal caught, recorded before its cleanup starts.
  private let caught = OnceValue<Int32>()

  init(_ cleanUp: @escaping @Sendable () async -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [caught] in
        caught.set(number)
        Task {
          await cleanUp()
          exit(128 + number)
        }
      }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  /// `work`, whose failure after a signal is the signal's: the cleanup that ends it (a session's
  /// `cancel()`, which resumes its waiters only once it is done) makes it throw, and that error must not
  /// decide the status before the trap's `exit` does — so the process ends here with the same status.
  func guarding<T>(_ work: () async throws -> T) async throws -> T {
    do {
      return try await work()
    } catch {
      if let number = caught.current { exit(128 + number) }
      throw error
    }
  }

  /// Restores the default handling.
  func release() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
