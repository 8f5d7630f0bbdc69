/// Where a browser sign-in takes its redirect from (RFC 8252 §7): the receiving end of a `RedirectMode`,
/// which the shell chooses and supplies (the engine has no bus and no listener of its own).
public enum RedirectSource: Sendable {
  /// §7.1, the private-use URI scheme: the desktop hands the redirect to a process of the app, which
  /// calls `SignInSession.resume(with:)` (or, when no session waits, `Auth.completeRedirect(_:)`).
  /// `receiver` is stored with the pending request so the process the desktop starts can find the one
  /// that waits (a D-Bus name); nil when nothing waits (`sign-in --no-wait`).
  case scheme(receiver: String?)
  /// §7.3, loopback: the session binds `listener` on 127.0.0.1 for its lifetime, takes the redirect from
  /// it, answers the browser with the outcome and unbinds.
  case loopback(any RedirectListener)

  /// Which redirect this is.
  public var mode: RedirectMode {
    switch self {
    case .scheme: .scheme
    case .loopback: .loopback
    }
  }
}
