import Dispatch
import Foundation

/// While it lives, SIGINT and SIGTERM run `cleanUp` and then end the process with the usual status
/// (130 / 143), instead of killing it in the middle of a sign-in.
final class InterruptionTrap {
  private let sources: [any DispatchSourceSignal]

  init(_ cleanUp: @escaping @Sendable () async -> Void) {
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        Task {
          await cleanUp()
          exit(128 + number)
        }
      }
      source.resume()
      return source
    }
  }

  /// Restores the default handling.
  func release() {
    for source in sources { source.cancel() }
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
