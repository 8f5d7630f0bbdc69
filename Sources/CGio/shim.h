#pragma once
#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>

/// `g_variant_new ("(asa{sv})", …)` is variadic: the arguments of `org.freedesktop.Application.Open`
/// (URIs and platform data), built from a NULL-terminated URI array and parallel key/value arrays.
static inline GVariant *authdesktop_open_parameters(const char *const *uris, const char *const *keys,
                                                    const char *const *values, int count) {
  GVariantBuilder data;
  g_variant_builder_init(&data, G_VARIANT_TYPE("a{sv}"));
  for (int i = 0; i < count; i++) g_variant_builder_add(&data, "{sv}", keys[i], g_variant_new_string(values[i]));
  return g_variant_new("(^asa{sv})", uris, &data);
}
