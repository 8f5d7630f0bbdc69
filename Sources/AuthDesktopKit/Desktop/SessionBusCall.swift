import CGio
import Foundation

/// The caller's side of a `SessionBusService`: one call of `interface.method(s) → (s)`, made with GLib's
/// shared session-bus connection. The bus starts the service when it is not running and a service file
/// names it (D-Bus activation).
public enum SessionBusCall {
  /// Whether a session bus is known without GLib starting one (`SessionBusAddress`): else `string`
  /// returns nil at once.
  public static func busIsKnown(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    SessionBusAddress.isKnown(environment)
  }

  /// The service's answer; nil when the bus is unknown (`SessionBusAddress`), nothing owns or can
  /// start `name`, the service answered with an error, or no answer came within `timeoutMilliseconds`.
  public static func string(
    name: String, objectPath: String, interface: String, method: String, argument: String,
    timeoutMilliseconds: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    guard SessionBusAddress.isKnown(environment),
      let connection = try? withGError({ g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) })
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
    var value = g_variant_new_string(argument)
    let parameters = g_variant_new_tuple(&value, 1)
    guard
      let reply = try? withGError({
        g_dbus_connection_call_sync(
          connection, name, objectPath, interface, method, parameters, nil,
          G_DBUS_CALL_FLAGS_NONE, timeoutMilliseconds, nil, $0)
      })
    else { return nil }
    defer { g_variant_unref(reply) }
    guard String(cString: g_variant_get_type_string(reply)) == "(s)", let answer = g_variant_get_child_value(reply, 0)
    else { return nil }
    defer { g_variant_unref(answer) }
    return String(cString: g_variant_get_string(answer, nil))
  }
}
