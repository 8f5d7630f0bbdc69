import Foundation

/// Whether the session bus can be reached without GLib starting one (`dbus-launch --autolaunch` when
/// `DISPLAY` is set): `DBUS_SESSION_BUS_ADDRESS`, or systemd's `$XDG_RUNTIME_DIR/bus`. The calls that
/// only ask (`SessionBusCall`, `DesktopNotification`) are made only then, so asking never starts a bus.
enum SessionBusAddress {
  static func isKnown(_ environment: [String: String]) -> Bool {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    return FileManager.default.fileExists(atPath: "\(runtime)/bus")
  }
}
