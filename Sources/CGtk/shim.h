#pragma once
#include <gtk/gtk.h>

/// `gtk_accessible_update_property` is variadic, so Swift cannot call it: sets the accessible name
/// (`GTK_ACCESSIBLE_PROPERTY_LABEL`) that screen readers and AT-SPI tests find a widget by.
static inline void authdesktop_accessible_set_label(GtkWidget *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// The same for `GTK_ACCESSIBLE_PROPERTY_DESCRIPTION` (a longer text read after the name).
static inline void authdesktop_accessible_set_description(GtkWidget *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// A `GtkPasswordEntry` with a placeholder and the peek icon: the placeholder is only a property
/// (no setter function), and `g_object_new` is variadic.
static inline GtkWidget *authdesktop_password_entry_new(const char *placeholder) {
  return GTK_WIDGET(g_object_new(GTK_TYPE_PASSWORD_ENTRY, "placeholder-text", placeholder, "show-peek-icon", TRUE, NULL));
}

/// `GTK_ACCESSIBLE_STATE_HIDDEN`: hides a widget that is not on screen (a stack page in the
/// background) from assistive technologies, which GTK 4.8 otherwise reports as visible.
static inline void authdesktop_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
  gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
