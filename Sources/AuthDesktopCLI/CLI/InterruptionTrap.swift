import AuthDesktopApp
import Dispatch
import Foundation

/// While it lives, SIGINT and SIGTERM run `cleanUp` and then end the process with the usual status
/// (130 / 143), instead of killing it in the middle of a sign-in.
final class InterruptionTrap {
  private let sources: [any DispatchSourceSignal]
  /// The signal caught, recorded before its cleanup starts.
  private let caught = OnceValue<Int32>()

  /// Returns once both signals' sources are registered: libdispatch registers a source on its own thread
  /// after `resume()`, and a signal that came in between was ignored (`SIG_IGN`) and lost — a Ctrl+C
  /// right after the prompt did nothing under load (`CLIDeviceSignInTests.ctrlCEndsTheWaitAndTheNextSignInWorks`).
  init(_ cleanUp: @escaping @Sendable () async -> Void) async {
    var sources: [any DispatchSourceSignal] = []
    let registered = DispatchGroup()
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
      registered.enter()
      source.setRegistrationHandler { registered.leave() }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      registered.notify(queue: .global()) { done.resume() }
    }
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
