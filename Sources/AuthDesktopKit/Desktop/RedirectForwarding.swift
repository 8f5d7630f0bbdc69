import CGio
import Foundation

/// Hands a custom-scheme redirect to the process of the app that waits for it: the window
/// (`GtkApplication`, named by the app id) or a waiting `sign-in` (`RedirectInbox`), through
/// `org.freedesktop.Application.Open` on the session bus — what GApplication itself uses to pass URIs
/// to its running instance. The desktop's activation token goes along, so a window can come to the
/// front (GTK reads `activation-token` and `desktop-startup-id` from the platform data).
public enum RedirectForwarding {
  /// Connects to the session bus on another thread (GLib keeps one connection per process, which
  /// `forward` then finds), so that `auth-desktop URI` overlaps it with opening the store. Only when
  /// the bus is known (`SessionBusAddress`).
  public static func prefetchConnection(environment: [String: String] = ProcessInfo.processInfo.environment) {
    guard SessionBusAddress.isKnown(environment) else { return }
    Thread.detachNewThread {
      var error: UnsafeMutablePointer<GError>?
      if let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
        g_object_unref(UnsafeMutableRawPointer(connection))
      }
      if let error { g_error_free(error) }
    }
  }

  /// Sends `url` to `busName`; false when nobody owns that name or there is no session bus.
  public static func forward(
    _ url: URL, to busName: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard let connection = try? withGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
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
    let reply = try? withGError {
      g_dbus_connection_call_sync(
        connection, busName, objectPath(of: busName), "org.freedesktop.Application", "Open", parameters, nil,
        G_DBUS_CALL_FLAGS_NO_AUTO_START, 10_000, nil, $0)
    }
    guard let reply else { return false }
    g_variant_unref(reply)
    return true
  }

  /// GApplication's object path for an application id: `/` + the id with `.` → `/` and `-` → `_`.
  static func objectPath(of applicationID: String) -> String {
    "/" + applicationID.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
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
