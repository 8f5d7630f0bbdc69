import CGio
import Foundation

/// One method call on the session bus, made with GLib's shared connection: the caller's side of a
/// `SessionBusService`, and of GApplication's `org.freedesktop.Application` (`RedirectForwarding`).
public enum SessionBusCall {
  /// Whether a session bus is known without GLib starting one (`SessionBusAddress`): else `string`
  /// returns nil at once.
  public static func busIsKnown(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    SessionBusAddress.isKnown(environment)
  }

  /// The object path GApplication (and `SessionBusService`'s users) give a name: `/` + the name with
  /// `.` → `/` and `-` → `_`.
  public static func objectPath(for name: String) -> String {
    "/" + name.replacingOccurrences(of: ".", with: "/").replacingOccurrences(of: "-", with: "_")
  }

  /// `interface.method(s) → (s)` of `name`, which the bus starts when it is not running and a service
  /// file names it (D-Bus activation). Nil when the bus is unknown (`SessionBusAddress`), nothing owns or
  /// can start `name`, the service answered with an error, or no answer came within `timeoutMilliseconds`.
  public static func string(
    name: String, objectPath: String, interface: String, method: String, argument: String,
    timeoutMilliseconds: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard SessionBusAddress.isKnown(environment) else { return nil }
    var value = g_variant_new_string(argument)
    guard
      let reply = call(
        name: name, objectPath: objectPath, interface: interface, method: method,
        parameters: g_variant_new_tuple(&value, 1), flags: G_DBUS_CALL_FLAGS_NONE,
        timeoutMilliseconds: timeoutMilliseconds)
    else { return nil }
    defer { g_variant_unref(reply) }
    guard String(cString: g_variant_get_type_string(reply)) == "(s)", let answer = g_variant_get_child_value(reply, 0)
    else { return nil }
    defer { g_variant_unref(answer) }
    return String(cString: g_variant_get_string(answer, nil))
  }

  /// The names on the session bus that start with `prefix` (`org.freedesktop.DBus.ListNames`); none when
  /// the bus is unknown (`SessionBusAddress`).
  static func names(startingWith prefix: String, environment: [String: String]) -> [String] {
    guard SessionBusAddress.isKnown(environment),
      let reply = call(
        name: "org.freedesktop.DBus", objectPath: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        method: "ListNames", parameters: nil, flags: G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds: 2_000)
    else { return [] }
    defer { g_variant_unref(reply) }
    return strings(in: reply).filter { $0.hasPrefix(prefix) }
  }

  /// The strings of a reply of type `(as)`; none for another type.
  static func strings(in reply: OpaquePointer) -> [String] {
    guard String(cString: g_variant_get_type_string(reply)) == "(as)", let array = g_variant_get_child_value(reply, 0)
    else { return [] }
    defer { g_variant_unref(array) }
    return (0..<g_variant_n_children(array)).compactMap { index in
      guard let child = g_variant_get_child_value(array, index) else { return nil }
      defer { g_variant_unref(child) }
      return String(cString: g_variant_get_string(child, nil))
    }
  }

  /// The reply (the caller unrefs it) to one call with `parameters` (a floating `GVariant` or none,
  /// consumed); nil when there is no connection or the call failed.
  static func call(
    name: String, objectPath: String, interface: String, method: String, parameters: OpaquePointer?,
    flags: GDBusCallFlags, timeoutMilliseconds: Int32
  ) -> OpaquePointer? {
    guard let connection = try? withGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }) else {
      if let parameters { g_variant_unref(g_variant_ref_sink(parameters)) }
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    return try? withGError {
      g_dbus_connection_call_sync(
        connection, name, objectPath, interface, method, parameters, nil, flags, timeoutMilliseconds, nil, $0)
    }
  }
}
