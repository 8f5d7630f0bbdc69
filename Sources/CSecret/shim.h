#pragma once
#include <libsecret/secret.h>

/// The Secret Service schema of every AuthDesktop item: the app id as schema name (stored by
/// libsecret as the `xdg:schema` attribute) and two string attributes that hold only non-secret ids.
/// Declared here because `SecretSchema` is a C struct with a fixed-size attribute array.
static inline const SecretSchema *authdesktop_secret_schema(void) {
  static const SecretSchema schema = {
    "dev.authdesktop.AuthDesktop",
    SECRET_SCHEMA_NONE,
    {
      { "namespace", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "id", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
  };
  return &schema;
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

/// `G_IO_ERROR_FAILED`, through a function: the GIO enum constant is not reliably visible from this
/// module in a clean build (which Clang module owns the shared GIO headers depends on build order).
static inline gint authdesktop_io_error_failed(void) { return G_IO_ERROR_FAILED; }
