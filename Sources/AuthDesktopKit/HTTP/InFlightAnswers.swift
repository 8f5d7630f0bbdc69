import CSoup
import Foundation

/// The requests a `SoupHTTPServer` received and has not finished answering: a message counts from its
/// request callback until libsoup wrote the whole answer (`SoupServerMessage::finished`) or the client
/// went away (`::disconnected`). `stop` waits for none to be left, so a server stopped right after it
/// answered (the loopback listener, once the sign-in ended) does not cut that answer off.
final class InFlightAnswers: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: Set<UInt> = []
  /// How often `drained` has looked (`SoupHTTPServerStopTests`: it sleeps between looks).
  private var looks = 0
  var checks: Int { lock.withLock { looks } }

  /// On the server's thread, from the request callback.
  func track(_ message: OpaquePointer) {
    let address = UInt(bitPattern: UnsafeMutableRawPointer(message))
    lock.withLock { _ = messages.insert(address) }
    let box = GLibBox<@Sendable () -> Void>.retained { [weak self] in self?.done(address) }
    for signal in ["finished", "disconnected"] {
      // One box for both connections: each holds a reference, released with the connection.
      _ = Unmanaged<AnyObject>.fromOpaque(box).retain()
      g_signal_connect_data(
        UnsafeMutableRawPointer(message), signal, unsafeBitCast(messageThunk, to: GCallback.self), box,
        releaseConnectionBox, GConnectFlags(rawValue: 0))
    }
    Unmanaged<AnyObject>.fromOpaque(box).release()
  }

  private func done(_ address: UInt) { lock.withLock { _ = messages.remove(address) } }

  /// Returns once no answer is in flight, or after `grace` (checked every few milliseconds: stopping is
  /// rare and the wait short). The caller is often a cancelled task (the sign-in's wait ended with the
  /// redirect whose page is still being written), whose own sleeps end at once: the wait is a task of its
  /// own, so that it sleeps between checks instead of holding a thread of Swift's pool at full speed.
  func drained(within grace: Duration) async {
    let deadline = ContinuousClock.now + grace
    await Task { [self] in
      while !isDrained(), ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }.value
  }

  private func isDrained() -> Bool {
    lock.withLock {
      looks += 1
      return messages.isEmpty
    }
  }
}

/// `GClosureNotify` of the boxes above.
private let releaseConnectionBox: GClosureNotify = { userData, _ in
  guard let userData else { return }
  Unmanaged<AnyObject>.fromOpaque(userData).release()
}

/// `void (*)(SoupServerMessage *, gpointer user_data)`.
private let messageThunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, userData in
  guard let userData else { return }
  GLibBox<@Sendable () -> Void>.value(at: userData)()
}
