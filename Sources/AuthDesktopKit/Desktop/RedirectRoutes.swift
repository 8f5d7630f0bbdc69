import AuthEngine
import Foundation
import Synchronization

/// How the process the desktop starts for a custom-scheme redirect (`auth-desktop URI`, started with no
/// options) finds the process that waits for it, whatever configuration file and data dir that process
/// was started with. Each process that begins such a sign-in owns `APPID.Redirects.p<PID>` on the
/// session bus and answers `APPID.Redirects.Receiver(s id) → (s)` with the receiver (`RedirectInbox`'s
/// name, or the app's own for its window) that its own store records for the pending request `id`, or
/// with the error `APPID.Redirects.NotServed`. `id` is `PendingAuthorizationRecord.id`, the hex SHA-256
/// of the redirect's `state` or `oauth_token`: the question reveals neither, and the code stays with the
/// handler until it forwards the URI (`RedirectForwarding`) to the one receiver named — which checks it
/// exactly against its own session, as any redirect.
public enum RedirectRoutes {
  private struct Served {
    var sources: [Auth] = []
    var service: Task<SessionBusService?, Never>?
  }

  private static let served = Mutex(Served())

  /// From now on this process answers for the pending requests of `auth` (and of any `Auth` given
  /// before). Call it before a custom-scheme sign-in starts: the name is asked for here, before the
  /// browser is opened, so it is on the bus before any redirect can come. Without a session bus nothing
  /// answers (and no redirect could reach this process either).
  public static func serve(_ auth: Auth, appID: String) async {
    let service = served.withLock { served in
      if !served.sources.contains(where: { $0 === auth }) { served.sources.append(auth) }
      if let service = served.service { return service }
      let interface = interfaceName(appID)
      let service = Task {
        try? await SessionBusService.start(
          name: "\(interface).p\(getpid())", objectPath: SessionBusCall.objectPath(for: interface),
          interface: interface, method: "Receiver", handler: answer)
      }
      served.service = service
      return service
    }
    _ = await service.value
  }

  /// The receiver that a running process of `appID` names for `redirectURL`, asked of each one in turn
  /// (2 s at most each); nil when none holds its pending request, or it has no receiver (a sign-in that
  /// nothing waits for, `sign-in --no-wait`). Only the app's own receiver names are taken.
  public static func receiver(
    for redirectURL: URL, appID: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard let parameters = FormParameters.query(of: redirectURL) else { return nil }
    let ids = PendingAuthorizationRecord.ids(lookedUpBy: parameters)
    guard !ids.isEmpty else { return nil }
    let interface = interfaceName(appID)
    for name in SessionBusCall.names(startingWith: interface + ".", environment: environment) {
      for id in ids.sorted() {
        if let receiver = SessionBusCall.string(
          name: name, objectPath: SessionBusCall.objectPath(for: interface), interface: interface, method: "Receiver",
          argument: id, timeoutMilliseconds: 2_000, environment: environment), isReceiver(receiver, appID: appID)
        {
          return receiver
        }
      }
    }
    return nil
  }

  /// A name a redirect may be forwarded to: the app's (its window) or a waiting `sign-in`'s
  /// (`RedirectInbox`, `APPID.SignIn.p<PID>`).
  static func isReceiver(_ name: String, appID: String) -> Bool {
    let inbox = appID + ".SignIn.p"
    guard name != appID else { return true }
    guard name.hasPrefix(inbox) else { return false }
    let pid = name.dropFirst(inbox.count)
    return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
  }

  static func interfaceName(_ appID: String) -> String { appID + ".Redirects" }

  /// This process's answer: the receiver its stores record for the unexpired pending request `id`.
  private static func answer(_ id: String) async -> String? {
    for auth in served.withLock({ $0.sources }) {
      if let pending = try? await auth.authorization.pendingAuthorizations().first(where: { $0.id == id }) {
        return pending.receiver
      }
    }
    return nil
  }
}
