import CGio
import Foundation

/// A desktop notification (`org.freedesktop.Notifications.Notify`, the Desktop Notifications
/// Specification): how a process that the desktop started, with no window and nobody reading its
/// output, tells the user something went wrong. The server is whatever owns the name on the session bus
/// (GNOME Shell, or a daemon the bus starts for a bare window manager).
public enum DesktopNotification {
  /// Shows `summary` and `body` as `appID`'s (its icon and desktop entry). The body is plain text: it is
  /// escaped for a server that reads markup, so nothing in it can become a link or formatting. False
  /// when no server answered within 2 s, or there is no session bus (`SessionBusAddress`).
  @discardableResult
  public static func send(
    summary: String, body: String, appName: String, appID: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard SessionBusAddress.isKnown(environment) else { return false }
    let text = serverReadsMarkup() ? escaped(body) : body
    guard
      let reply = SessionBusCall.call(
        name: name, objectPath: objectPath, interface: name, method: "Notify",
        parameters: authdesktop_notify_parameters(appName, appID, summary, text, appID), flags: G_DBUS_CALL_FLAGS_NONE,
        timeoutMilliseconds: 2_000)
    else { return false }
    g_variant_unref(reply)
    return true
  }

  private static let name = "org.freedesktop.Notifications"
  private static let objectPath = "/org/freedesktop/Notifications"

  /// Whether the server names `body-markup` among its capabilities.
  private static func serverReadsMarkup() -> Bool {
    guard
      let reply = SessionBusCall.call(
        name: name, objectPath: objectPath, interface: name, method: "GetCapabilities", parameters: nil,
        flags: G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds: 2_000)
    else { return false }
    defer { g_variant_unref(reply) }
    return SessionBusCall.strings(in: reply).contains("body-markup")
  }

  static func escaped(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }
}
