#pragma once
#include <libsecret/secret.h>

/// A Secret Service schema named `name` (the app id, stored by libsecret as the `xdg:schema`
/// attribute) with two string attributes that hold only non-secret ids. Built here because
/// `SecretSchema` is a C struct with a fixed-size attribute array. Free with
/// `authdesktop_secret_schema_free`.
static inline SecretSchema *authdesktop_secret_schema_new(const char *name) {
  SecretSchema *schema = g_new0(SecretSchema, 1);
  schema->name = g_strdup(name);
  schema->flags = SECRET_SCHEMA_NONE;
  schema->attributes[0] = (SecretSchemaAttribute){ "namespace", SECRET_SCHEMA_ATTRIBUTE_STRING };
  schema->attributes[1] = (SecretSchemaAttribute){ "id", SECRET_SCHEMA_ATTRIBUTE_STRING };
  return schema;
}

static inline void authdesktop_secret_schema_free(SecretSchema *schema) {
  g_free((gchar *)schema->name);
  g_free(schema);
}

/// A new attribute table for the `…v` / `secret_service_…` functions: `namespace`, plus `id` when
/// not NULL. Keys and values are copied. Free with g_hash_table_unref().
static inline GHashTable *authdesktop_secret_attributes(const char *namespace_, const char *id) {
  GHashTable *table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  g_hash_table_insert(table, g_strdup("namespace"), g_strdup(namespace_));
  if (id != NULL) g_hash_table_insert(table, g_strdup("id"), g_strdup(id));
  return table;
}

/// The value of attribute `name` of `item`, newly allocated (g_free), or NULL.
static inline char *authdesktop_secret_item_attribute(SecretItem *item, const char *name) {
  GHashTable *attributes = secret_item_get_attributes(item);
  char *value = g_strdup(g_hash_table_lookup(attributes, name));
  g_hash_table_unref(attributes);
  return value;
}

/// GIO and GDBus error codes, through a function of this module. The GIO headers are included by
/// CGtk, CSoup and this module alike, and which Clang module ends up owning their enums depends on the
/// build order, so Swift cannot reliably see `G_IO_ERROR_*` / `G_DBUS_ERROR_*` (seen in clean builds).
typedef enum {
  AUTHDESKTOP_IO_FAILED,
  AUTHDESKTOP_IO_NOT_FOUND,
  AUTHDESKTOP_IO_CANCELLED,
  AUTHDESKTOP_IO_TIMED_OUT,
  AUTHDESKTOP_IO_NOT_SUPPORTED,
  AUTHDESKTOP_IO_ADDRESS_IN_USE,
  AUTHDESKTOP_DBUS_SERVICE_UNKNOWN,
  AUTHDESKTOP_DBUS_NAME_HAS_NO_OWNER,
  AUTHDESKTOP_DBUS_SPAWN_EXEC_FAILED,
  AUTHDESKTOP_DBUS_SPAWN_CHILD_EXITED,
  AUTHDESKTOP_DBUS_SPAWN_SERVICE_NOT_FOUND,
  AUTHDESKTOP_DBUS_SPAWN_FAILED,
  AUTHDESKTOP_DBUS_NO_REPLY,
  AUTHDESKTOP_DBUS_TIMEOUT,
  AUTHDESKTOP_DBUS_TIMED_OUT,
  AUTHDESKTOP_DBUS_ACCESS_DENIED,
  AUTHDESKTOP_DBUS_AUTH_FAILED,
} AuthDesktopErrorCode;

static inline gint authdesktop_error_code(AuthDesktopErrorCode which) {
  switch (which) {
    case AUTHDESKTOP_IO_FAILED: return G_IO_ERROR_FAILED;
    case AUTHDESKTOP_IO_NOT_FOUND: return G_IO_ERROR_NOT_FOUND;
    case AUTHDESKTOP_IO_CANCELLED: return G_IO_ERROR_CANCELLED;
    case AUTHDESKTOP_IO_TIMED_OUT: return G_IO_ERROR_TIMED_OUT;
    case AUTHDESKTOP_IO_NOT_SUPPORTED: return G_IO_ERROR_NOT_SUPPORTED;
    case AUTHDESKTOP_IO_ADDRESS_IN_USE: return G_IO_ERROR_ADDRESS_IN_USE;
    case AUTHDESKTOP_DBUS_SERVICE_UNKNOWN: return G_DBUS_ERROR_SERVICE_UNKNOWN;
    case AUTHDESKTOP_DBUS_NAME_HAS_NO_OWNER: return G_DBUS_ERROR_NAME_HAS_NO_OWNER;
    case AUTHDESKTOP_DBUS_SPAWN_EXEC_FAILED: return G_DBUS_ERROR_SPAWN_EXEC_FAILED;
    case AUTHDESKTOP_DBUS_SPAWN_CHILD_EXITED: return G_DBUS_ERROR_SPAWN_CHILD_EXITED;
    case AUTHDESKTOP_DBUS_SPAWN_SERVICE_NOT_FOUND: return G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND;
    case AUTHDESKTOP_DBUS_SPAWN_FAILED: return G_DBUS_ERROR_SPAWN_FAILED;
    case AUTHDESKTOP_DBUS_NO_REPLY: return G_DBUS_ERROR_NO_REPLY;
    case AUTHDESKTOP_DBUS_TIMEOUT: return G_DBUS_ERROR_TIMEOUT;
    case AUTHDESKTOP_DBUS_TIMED_OUT: return G_DBUS_ERROR_TIMED_OUT;
    case AUTHDESKTOP_DBUS_ACCESS_DENIED: return G_DBUS_ERROR_ACCESS_DENIED;
    case AUTHDESKTOP_DBUS_AUTH_FAILED: return G_DBUS_ERROR_AUTH_FAILED;
  }
  return -1;
}
