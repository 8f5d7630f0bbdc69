import Foundation

/// Whether the session bus can be reached without GLib starting one (`dbus-launch --autolaunch` when
/// `DISPLAY` is set): `DBUS_SESSION_BUS_ADDRESS`, or systemd's `$XDG_RUNTIME_DIR/bus`. The connections
/// made ahead of time (`SecretServiceStore.prefetchConnection`, `RedirectForwarding.prefetchConnection`)
/// are made only then, so looking ahead never starts anything.
enum SessionBusAddress {
  static func isKnown(_ environment: [String: String]) -> Bool {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return true }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
    return FileManager.default.fileExists(atPath: "\(runtime)/bus")
  }
}
