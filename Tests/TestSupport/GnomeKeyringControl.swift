import CSecret
import Foundation

/// Drives gnome-keyring over D-Bus (GIO) for what cannot be done headless through libsecret: create a
/// collection without a password prompt (gnome-keyring's `CreateWithMasterPassword`), lock it, and
/// unlock it again with its password. Secrets travel in a `plain` session (Secret Service API §7).
public final class GnomeKeyringControl {
  private let connection: OpaquePointer
  private var session: String

  public init() throws {
    let bus = try dbus { g_bus_get_sync(G_BUS_TYPE_SESSION, nil, $0) }
    connection = bus!
    session = ""
    session = try objectPath(
      call("/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "OpenSession", "('plain', <''>)", "(vo)"), 1)
  }

  /// Child values handed out by `child`, released with this object.
  private var children: [OpaquePointer] = []

  deinit {
    for value in children { g_variant_unref(value) }
    _ = try? call(session, "org.freedesktop.Secret.Session", "Close", nil, "()")
    g_object_unref(UnsafeMutableRawPointer(connection))
  }

  /// A new, unlocked collection with `password`; returns its object path.
  public func createCollection(label: String, password: String) throws -> String {
    try objectPath(
      call(
        "/org/freedesktop/secrets", Self.internalInterface, "CreateWithMasterPassword",
        "({'org.freedesktop.Secret.Collection.Label': <'\(label)'>}, \(secret(password)))", "(o)"), 0)
  }

  public func lock(_ collection: String) throws {
    g_variant_unref(
      try call(
        "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "Lock", "([objectpath '\(collection)'],)", "(aoo)"
      ))
  }

  public func unlock(_ collection: String, password: String) throws {
    g_variant_unref(
      try call(
        "/org/freedesktop/secrets", Self.internalInterface, "UnlockWithMasterPassword",
        "(objectpath '\(collection)', \(secret(password)))", "()"))
  }

  public func delete(_ collection: String) throws {
    g_variant_unref(try call(collection, "org.freedesktop.Secret.Collection", "Delete", nil, "(o)"))
  }

  /// Object paths of the items (locked or not) whose attributes include `attributes`.
  public func searchItems(_ attributes: [String: String]) throws -> [String] {
    let dictionary = attributes.map { "'\($0.key)': '\($0.value)'" }.joined(separator: ", ")
    let reply = try call(
      "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "SearchItems", "(@a{ss} {\(dictionary)},)", "(aoao)"
    )
    defer { g_variant_unref(reply) }
    return strings(child(reply, 0)) + strings(child(reply, 1))
  }

  /// Every attribute of an item, as the keyring stores it.
  public func attributes(of item: String) throws -> [String: String] {
    let reply = try call(
      item, "org.freedesktop.DBus.Properties", "Get", "('org.freedesktop.Secret.Item', 'Attributes')", "(v)")
    defer { g_variant_unref(reply) }
    let dictionary = g_variant_get_variant(child(reply, 0))!
    defer { g_variant_unref(dictionary) }
    var attributes: [String: String] = [:]
    for entry in (0..<g_variant_n_children(dictionary)).map({ child(dictionary, Int($0)) }) {
      let pair = strings(entry)
      attributes[pair[0]] = pair[1]
    }
    return attributes
  }

  private static let internalInterface = "org.gnome.keyring.InternalUnsupportedGuiltRiddenInterface"

  /// A Secret Service `Secret` struct `(oayays)`; `password` must be plain ASCII without quotes.
  private func secret(_ password: String) -> String {
    "(objectpath '\(session)', @ay [], b'\(password)', 'text/plain')"
  }

  /// Calls a method; `parameters` is GVariant text. Returns the reply (caller owns it).
  private func call(_ path: String, _ interface: String, _ method: String, _ parameters: String?, _ reply: String)
    throws -> OpaquePointer
  {
    let arguments = try parameters.map { text in try dbus { g_variant_parse(nil, text, nil, nil, $0) }! }
    let replyType = g_variant_type_new(reply)
    defer { g_variant_type_free(replyType) }
    let result = try dbus {
      g_dbus_connection_call_sync(
        connection, "org.freedesktop.secrets", path, interface, method, arguments, replyType,
        G_DBUS_CALL_FLAGS_NONE, 10_000, nil, $0)
    }
    return result!
  }

  /// Child `index` of a container; the reference is released with the container's autorelease list.
  private func child(_ container: OpaquePointer, _ index: Int) -> OpaquePointer {
    let value = g_variant_get_child_value(container, gsize(index))!
    children.append(value)
    return value
  }

  /// The string (or object path) children of a container.
  private func strings(_ container: OpaquePointer) -> [String] {
    (0..<g_variant_n_children(container)).map { String(cString: g_variant_get_string(child(container, Int($0)), nil)) }
  }

  private func objectPath(_ reply: OpaquePointer, _ index: Int) -> String {
    defer { g_variant_unref(reply) }
    let child = g_variant_get_child_value(reply, gsize(index))!
    defer { g_variant_unref(child) }
    let value =
      g_variant_get_type_string(child).map { String(cString: $0) } == "v"
      ? g_variant_get_variant(child)! : g_variant_ref(child)!
    defer { g_variant_unref(value) }
    return String(cString: g_variant_get_string(value, nil))
  }
}

public struct DBusCallFailed: Error, CustomStringConvertible {
  public var description: String
}

private func dbus<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
  var error: UnsafeMutablePointer<GError>?
  let result = body(&error)
  if let error {
    defer { g_error_free(error) }
    throw DBusCallFailed(description: String(cString: error.pointee.message))
  }
  return result
}
