import CGio
import Foundation

/// Hands a custom-scheme redirect to the process of the app that waits for it: the window
/// (`GtkApplication`, named by the app id) or a waiting `sign-in` (`RedirectInbox`), through
/// `org.freedesktop.Application.Open` on the session bus — what GApplication itself uses to pass URIs
/// to its running instance. The desktop's activation token goes along, so a window can come to the
/// front (GTK reads `activation-token` and `desktop-startup-id` from the platform data).
public enum RedirectForwarding {
  /// Sends `url` to `busName`; false when nobody owns that name or there is no session bus.
  public static func forward(
    _ url: URL, to busName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard SessionBusAddress.isKnown(environment) else { return false }
    var data: [(String, String)] = []
    if let token = environment["XDG_ACTIVATION_TOKEN"], !token.isEmpty { data.append(("activation-token", token)) }
    if let id = environment["DESKTOP_STARTUP_ID"], !id.isEmpty { data.append(("desktop-startup-id", id)) }
    let parameters = withCStrings([url.absoluteString]) { uris in
      withCStrings(data.map(\.0)) { keys in
        withCStrings(data.map(\.1)) { values in
          authdesktop_open_parameters(uris, keys, values, Int32(data.count))
        }
      }
    }
    guard
      let reply = SessionBusCall.call(
        name: busName, objectPath: SessionBusCall.objectPath(for: busName), interface: "org.freedesktop.Application",
        method: "Open", parameters: parameters, flags: G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds: 10_000)
    else { return false }
    g_variant_unref(reply)
    return true
  }

  /// `strings` as a NULL-terminated C array for the duration of `body`.
  private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
  }
}
