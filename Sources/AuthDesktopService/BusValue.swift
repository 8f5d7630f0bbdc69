import AuthDesktopKit
import CGio

/// A D-Bus value as the service reads and answers it: what a method's arguments hold, copied out of their
/// `GVariant` on the bus thread so that the call can be handled anywhere.
public enum BusValue: Sendable, Equatable {
  case string(String)
  case objectPath(String)
  case uint32(UInt32)
  case int64(Int64)
  case bool(Bool)
  case strings([String])
  case dictionary([String: BusValue])
  /// `aa{sv}`: the answer of `ListAccounts` (never read from a call).
  case dictionaries([[String: BusValue]])
  /// A type the service does not read (an option of another type than it expects is refused).
  case other(String)

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The value of `variant` (not consumed).
  static func of(_ variant: OpaquePointer) -> BusValue {
    let type = String(cString: g_variant_get_type_string(variant))
    switch type {
    case "s": return .string(String(cString: g_variant_get_string(variant, nil)))
    case "o": return .objectPath(String(cString: g_variant_get_string(variant, nil)))
    case "u": return .uint32(g_variant_get_uint32(variant))
    case "x": return .int64(Int64(g_variant_get_int64(variant)))
    case "b": return .bool(g_variant_get_boolean(variant) != 0)
    case "as": return .strings(children(of: variant) { of($0).string }.compactMap { $0 })
    case "a{sv}":
      var entries: [String: BusValue] = [:]
      for (key, value) in children(of: variant, entry) {
        if let key { entries[key] = value }
      }
      return .dictionary(entries)
    default: return .other(type)
    }
  }

  /// A `{sv}` entry's key and value.
  private static func entry(_ entry: OpaquePointer) -> (String?, BusValue) {
    guard let key = g_variant_get_child_value(entry, 0),
      let boxed = g_variant_get_child_value(entry, 1)
    else { return (nil, .other("")) }
    defer {
      g_variant_unref(key)
      g_variant_unref(boxed)
    }
    guard let inner = g_variant_get_variant(boxed) else { return (nil, .other("")) }
    defer { g_variant_unref(inner) }
    return (String(cString: g_variant_get_string(key, nil)), of(inner))
  }

  /// The arguments of a call: the children of its parameters tuple.
  static func arguments(of tuple: OpaquePointer) -> [BusValue] { children(of: tuple) { of($0) } }

  /// `body` of each child of `container` (each a new reference, dropped after `body`).
  private static func children<T>(of container: OpaquePointer, _ body: (OpaquePointer) -> T) -> [T] {
    (0..<g_variant_n_children(container)).compactMap { index -> T? in
      guard let child = g_variant_get_child_value(container, index) else { return nil }
      defer { g_variant_unref(child) }
      return body(child)
    }
  }

  /// A new floating `GVariant` for this value.
  func variant() -> OpaquePointer {
    switch self {
    case .string(let value): return g_variant_new_string(value)
    case .objectPath(let value): return g_variant_new_object_path(value)
    case .uint32(let value): return g_variant_new_uint32(value)
    case .int64(let value): return g_variant_new_int64(gint64(value))
    case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
    case .strings(let values):
      return Self.array(of: "s", values.map { g_variant_new_string($0) })
    case .dictionary(let entries):
      return Self.array(
        of: "{sv}",
        entries.sorted { $0.key < $1.key }.map { key, value in
          g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value.variant()))
        })
    case .dictionaries(let values):
      return Self.array(of: "a{sv}", values.map { BusValue.dictionary($0).variant() })
    case .other: return g_variant_new_tuple(nil, 0)
    }
  }

  /// A new floating array of `items`, whose type is `elementType` (`withVariantType`).
  private static func array(of elementType: String, _ items: [OpaquePointer?]) -> OpaquePointer {
    var items = items
    return withVariantType(elementType) { g_variant_new_array($0, &items, gsize(items.count)) }
  }

  /// A new floating tuple of `values`.
  static func tuple(_ values: [BusValue]) -> OpaquePointer {
    var items: [OpaquePointer?] = values.map { $0.variant() }
    return g_variant_new_tuple(&items, gsize(items.count))
  }
}
