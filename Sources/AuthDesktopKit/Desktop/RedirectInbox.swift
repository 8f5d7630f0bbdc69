import AuthEngine
import CGio
import Foundation

/// Where custom-scheme redirects (RFC 8252 §7.1) reach a process that waits for one and has no window
/// (the command line's `sign-in`): a `GApplication` registered on the session bus under a name of its
/// own, `APPID.SignIn.p<PID>`, that accepts `org.freedesktop.Application.Open` — the call
/// `RedirectForwarding` makes. The name goes into the pending request
/// (`RedirectSource.scheme(receiver:)`), so the process the desktop starts for the redirect
/// knows where to send it.
public final class RedirectInbox: Sendable {
  /// This process's name on the session bus.
  public let busName: String
  /// Every URI forwarded here, in order.
  public let redirects: AsyncStream<URL>
  private let thread: GLibMainContextThread

  private init(busName: String, redirects: AsyncStream<URL>, thread: GLibMainContextThread) {
    self.busName = busName
    self.redirects = redirects
    self.thread = thread
  }

  /// Registers `APPID.SignIn.p<PID>` on the session bus. Throws `auth/session-bus-unavailable` when
  /// there is none (then no redirect could reach this process).
  public static func open(appID: String) async throws -> RedirectInbox {
    let name = "\(appID).SignIn.p\(getpid())"
    let (stream, continuation) = AsyncStream<URL>.makeStream()
    let (thread, _) = try await GLibMainContextThread.start(name: "auth-desktop.inbox") {
      () throws -> ((), tearDown: () -> Void) in
      guard let application = g_application_new(name, G_APPLICATION_HANDLES_OPEN) else {
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: "\(name) is not an application id")
      }
      let instance = UnsafeMutableRawPointer(application)
      GLibSignal.connectOpen(instance) { [continuation] uris in
        for uri in uris { if let url = URL(string: uri) { continuation.yield(url) } }
      }
      let tearDown = {
        continuation.finish()
        g_object_unref(instance)
      }
      do throws(GLibError) {
        try withGError { g_application_register(application, nil, $0) }
      } catch {
        tearDown()
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: error.message)
      }
      // Without a session bus GApplication registers anyway, as a non-unique instance nobody can reach.
      guard g_application_get_dbus_connection(application) != nil, g_application_get_is_remote(application) == 0 else {
        tearDown()
        throw AuthError(.sessionBusUnavailable, origin: .redirect, detail: "no session bus to receive the redirect on")
      }
      return ((), tearDown)
    }
    return RedirectInbox(busName: name, redirects: stream, thread: thread)
  }

  /// Leaves the bus; `redirects` ends.
  public func close() async { await thread.stop() }
}
