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

/// The arguments of `org.freedesktop.Notifications.Notify` (`(susssasa{sv}i)`, variadic to build): a new
/// notification with no actions, the `desktop-entry` hint, and the server's default expiry.
static inline GVariant *authdesktop_notify_parameters(const char *app_name, const char *icon, const char *summary,
                                                      const char *body, const char *desktop_entry) {
  const char *const no_actions[] = {NULL};
  GVariantBuilder hints;
  g_variant_builder_init(&hints, G_VARIANT_TYPE("a{sv}"));
  g_variant_builder_add(&hints, "{sv}", "desktop-entry", g_variant_new_string(desktop_entry));
  return g_variant_new("(susss^asa{sv}i)", app_name, 0, icon, summary, body, no_actions, &hints, -1);
}
