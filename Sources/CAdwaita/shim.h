#pragma once
#include <adwaita.h>

/// `AdwEntryRow`/`AdwPasswordEntryRow` take their accessible name from the title; the input purpose
/// tells input methods (and on-screen keyboards) that the row holds an email address.
static inline void authdesktop_entry_row_set_email(GtkWidget *row) {
  adw_entry_row_set_input_purpose(ADW_ENTRY_ROW(row), GTK_INPUT_PURPOSE_EMAIL);
}

/// libadwaita 1.2 labels an entry row by both of its title labels, so screen readers hear the title
/// twice ("Email address Email address"): drop that relation, so the row's own accessible name counts.
static inline void authdesktop_accessible_reset_labelled_by(GtkWidget *widget) {
  gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}
