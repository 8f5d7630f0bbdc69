import AuthEngine
import CSecret

/// The synchronous libsecret calls behind `SecretServiceStore`. Each one runs a private GMainContext
/// until D-Bus answers, so it blocks its thread: call them only from the store's worker queue, never
/// from a thread running a GLib main loop (libsecret documents the `_sync` calls as fine from worker
/// threads). Every GLib pointer here lives within one call.
///
/// All calls use the app's schema (`Schema`), so libsecret adds `xdg:schema` to the attributes and
/// only matches items of this app.
struct LibSecret: Sendable {
  /// The schema named after the app id, made once per store and freed with it.
  final class Schema: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<SecretSchema>
    init(name: String) { pointer = authdesktop_secret_schema_new(name) }
    deinit { authdesktop_secret_schema_free(pointer) }
  }

  let schema: Schema

  /// One found item: its `id` attribute and whether its collection is locked.
  struct Item {
    var id: String?
    var isLocked: Bool
  }

  func store(_ text: String, key: SecretKey, label: String, collection: String?) throws(GLibError) -> Bool {
    try withService { service throws(GLibError) in
      let attributes = authdesktop_secret_attributes(key.namespace, key.id)
      let value = secret_value_new(text, -1, "text/plain")
      defer {
        secret_value_unref(UnsafeMutableRawPointer(value))
        g_hash_table_unref(attributes)
      }
      return try withGError {
        secret_service_store_sync(service, schema.pointer, attributes, collection, label, value, nil, $0)
      } != 0
    }
  }

  enum Lookup {
    case text(String)
    /// The stored bytes are not UTF-8 text (not written by this app).
    case notText
    /// No unlocked item matches. A locked one reads as missing too: libsecret swallows a failed or
    /// dismissed unlock prompt.
    case missing
  }

  func lookup(_ key: SecretKey) throws(GLibError) -> Lookup {
    try withService { service throws(GLibError) in
      let attributes = authdesktop_secret_attributes(key.namespace, key.id)
      defer { g_hash_table_unref(attributes) }
      guard
        let value = try withGError({
          secret_service_lookup_sync(service, schema.pointer, attributes, nil, $0)
        })
      else { return .missing }
      defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
      guard let text = secret_value_get_text(value) else { return .notText }
      return .text(String(cString: text))
    }
  }

  /// Deletes the items matching `key`: one search (locked items included), then each item. Returns
  /// false, deleting nothing, when one is locked (libsecret's `clear` would skip it without a word) —
  /// one round trip to the keyring fewer than `clear` and a search to check what is left.
  func delete(_ key: SecretKey) throws(GLibError) -> Bool {
    try withService { service throws(GLibError) in
      let attributes = authdesktop_secret_attributes(key.namespace, key.id)
      defer { g_hash_table_unref(attributes) }
      let list = try withGError {
        secret_service_search_sync(service, schema.pointer, attributes, SECRET_SEARCH_ALL, nil, $0)
      }
      defer { g_list_free_full(list, g_object_unref) }
      var found: [UnsafeMutablePointer<SecretItem>] = []
      var node = list
      while let current = node {
        if let item = current.pointee.data?.assumingMemoryBound(to: SecretItem.self) { found.append(item) }
        node = current.pointee.next
      }
      if found.contains(where: { secret_item_get_locked($0) != 0 }) { return false }
      for item in found { try withGError { secret_item_delete_sync(item, nil, $0) } }
      return true
    }
  }

  /// Every item in `namespace` (and with `id`, when given), locked or not. Attributes are readable
  /// without unlocking, so this never prompts.
  func items(namespace: String, id: String? = nil) throws(GLibError) -> [Item] {
    try withService { service throws(GLibError) in
      let attributes = authdesktop_secret_attributes(namespace, id)
      defer { g_hash_table_unref(attributes) }
      let list = try withGError {
        secret_service_search_sync(service, schema.pointer, attributes, SECRET_SEARCH_ALL, nil, $0)
      }
      defer { g_list_free_full(list, g_object_unref) }
      var items: [Item] = []
      var node = list
      while let current = node {
        if let item = current.pointee.data?.assumingMemoryBound(to: SecretItem.self) {
          let id = authdesktop_secret_item_attribute(item, "id")
          defer { g_free(id) }
          items.append(Item(id: id.map { String(cString: $0) }, isLocked: secret_item_get_locked(item) != 0))
        }
        node = current.pointee.next
      }
      return items
    }
  }

  /// Connects (opening a transfer session) and runs `body` with libsecret's process-wide proxy (a new
  /// reference each time). libsecret 0.20 ignores `secret_service_open`'s bus-name argument (only the
  /// `SECRET_SERVICE_BUS_NAME` environment variable changes it), so there is no per-store service.
  private func withService<Result>(
    _ body: (UnsafeMutablePointer<SecretService>) throws(GLibError) -> Result
  ) throws(GLibError) -> Result {
    let service = try withGError { secret_service_get_sync(SECRET_SERVICE_OPEN_SESSION, nil, $0) }
    guard let service else {
      throw GLibError(
        domain: g_io_error_quark(), code: authdesktop_error_code(AUTHDESKTOP_IO_FAILED), message: "no service")
    }
    defer { g_object_unref(service) }
    return try body(service)
  }
}
