import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation

/// Builders for the libadwaita 1.2 widgets the pages use, in the style of `Gtk`: every control gets
/// its accessible name in the same call.
@GLibMainActor
enum Adw {
  /// `AdwStatusPage`: an icon, a title and a description above `child`, centred and scrolling on its
  /// own (so it goes into the stack as it is). The title and description are its own labels, which
  /// assistive technologies read by their text.
  static func statusPage(icon: String?, title: String, description: String = "", child: Widget?) -> Widget {
    let page = adw_status_page_new()!
    let status = OpaquePointer(page)
    if let icon { adw_status_page_set_icon_name(status, icon) }
    adw_status_page_set_title(status, title)
    setStatus(page, description: description)
    if let child { adw_status_page_set_child(status, child) }
    gtk_widget_set_vexpand(page, 1)
    return page
  }

  static func setStatus(_ page: Widget, title: String? = nil, description: String? = nil, icon: String? = nil) {
    let status = OpaquePointer(page)
    if let title { adw_status_page_set_title(status, title) }
    // The description is Pango markup: plain text is escaped.
    if let description { adw_status_page_set_description(status, description.isEmpty ? nil : escaped(description)) }
    if let icon { adw_status_page_set_icon_name(status, icon) }
  }

  /// `text` with Pango markup's special characters escaped (`g_markup_escape_text`).
  static func escaped(_ text: String) -> String {
    guard let escaped = g_markup_escape_text(text, -1) else { return "" }
    defer { g_free(escaped) }
    return String(cString: escaped)
  }

  /// `AdwClamp` around `child`: at most `width` wide, centred (the pages' column).
  static func clamp(_ child: Widget, width: Int32 = 400) -> Widget {
    let clamp = adw_clamp_new()!
    adw_clamp_set_maximum_size(OpaquePointer(clamp), width)
    adw_clamp_set_child(OpaquePointer(clamp), child)
    return clamp
  }

  /// `AdwPreferencesGroup` (a titled boxed list) with `rows`.
  static func group(title: String?, _ rows: [Widget] = []) -> Widget {
    let group = adw_preferences_group_new()!
    if let title { adw_preferences_group_set_title(glibCast(group, to: AdwPreferencesGroup.self), title) }
    for row in rows { adw_preferences_group_add(glibCast(group, to: AdwPreferencesGroup.self), row) }
    return group
  }

  /// `AdwActionRow`: a title, an optional subtitle, and `suffix` (a button) at the end.
  static func actionRow(title: String, subtitle: String? = nil, suffix: Widget? = nil) -> Widget {
    let row = adw_action_row_new()!
    // Rows take Pango markup by default; names and emails are plain text.
    adw_preferences_row_set_use_markup(glibCast(row, to: AdwPreferencesRow.self), 0)
    adw_preferences_row_set_title(glibCast(row, to: AdwPreferencesRow.self), title)
    if let subtitle { adw_action_row_set_subtitle(glibCast(row, to: AdwActionRow.self), subtitle) }
    if let suffix {
      gtk_widget_set_valign(suffix, GTK_ALIGN_CENTER)
      adw_action_row_add_suffix(glibCast(row, to: AdwActionRow.self), suffix)
    }
    return row
  }

  /// Keeps `row`'s title and subtitle on one line each, however narrow the window: a long name or email
  /// is shortened with an ellipsis in its middle (so that both ends of an email show) instead of wrapping
  /// mid-word. The full text is the row's tooltip and its accessible description.
  static func keepOnOneLine(_ row: Widget, fullText: String) {
    let action = glibCast(row, to: AdwActionRow.self)
    adw_action_row_set_title_lines(action, 1)
    adw_action_row_set_subtitle_lines(action, 1)
    for label in descendants(of: row) where isA(label, gtk_label_get_type()) {
      if gtk_widget_has_css_class(label, "title") != 0 || gtk_widget_has_css_class(label, "subtitle") != 0 {
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_MIDDLE)
      }
    }
    gtk_widget_set_tooltip_text(row, fullText)
    authdesktop_accessible_set_description(row, fullText)
  }

  /// `AdwEntryRow` (or `AdwPasswordEntryRow`): the title is the field's label, also its accessible
  /// name (set on the row's text field, which is what receives focus and typing).
  static func entryRow(title: String, password: Bool = false, email: Bool = false) -> Widget {
    let row = password ? adw_password_entry_row_new()! : adw_entry_row_new()!
    adw_preferences_row_set_title(glibCast(row, to: AdwPreferencesRow.self), title)
    if email { authdesktop_entry_row_set_email(row) }
    authdesktop_accessible_reset_labelled_by(row)
    authdesktop_accessible_set_label(row, title)
    if let text = gtk_editable_get_delegate(OpaquePointer(row)) {
      authdesktop_accessible_set_label(UnsafeMutablePointer<GtkWidget>(text), title)
    }
    // libadwaita 1.2's show-password button has no accessible name of its own.
    if password {
      for child in descendants(of: row) where isA(child, gtk_button_get_type()) {
        authdesktop_accessible_set_label(child, WindowText.showPassword)
      }
    }
    return row
  }

  /// libadwaita 1.2 names some of its own buttons twice ("Cancel Cancel", "_Copy Text Copy Text": the
  /// label, mnemonic and all, and a relation to it) and its icon buttons and images not at all (AT-SPI
  /// then reads "GtkButton" or "GtkImage"). Under `widget`: each button gets its label without the
  /// mnemonic as its one name, else its tooltip ("Back", libadwaita's own translated word), else the
  /// text it shows (About's version), else, a close button (a toast's), `WindowText.dismiss`; and every
  /// image — beside a row's title, inside a named button, the About window's icon above its name — is
  /// decoration, hidden from assistive technologies.
  static func nameControls(in widget: Widget) {
    for control in descendants(of: widget) {
      if isA(control, gtk_image_get_type()) {
        authdesktop_accessible_set_hidden(control, 1)
      } else if isA(control, gtk_button_get_type()), let name = name(ofButton: control) {
        authdesktop_accessible_reset_labelled_by(control)
        authdesktop_accessible_set_label(control, name)
      }
    }
  }

  private static func name(ofButton button: Widget) -> String? {
    if let label = gtk_button_get_label(glibCast(button, to: GtkButton.self)) {
      return String(cString: label).replacingOccurrences(of: "_", with: "")
    }
    if let tooltip = gtk_widget_get_tooltip_text(button) { return String(cString: tooltip) }
    if let label = descendants(of: button).first(where: { isA($0, gtk_label_get_type()) }),
      let text = gtk_label_get_text(OpaquePointer(label)), text.pointee != 0
    {
      return String(cString: text)
    }
    let icon = gtk_button_get_icon_name(glibCast(button, to: GtkButton.self)).map { String(cString: $0) }
    return icon == "window-close-symbolic" ? WindowText.dismiss : nil
  }

  static func descendants(of widget: Widget) -> [Widget] {
    var found: [Widget] = []
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      found += [current] + descendants(of: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  static func isA(_ widget: Widget, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  /// `AdwAvatar` showing the initials of `text`.
  static func avatar(size: Int32, text: String) -> Widget {
    adw_avatar_new(size, text, 1)
  }

  static func setAvatarText(_ avatar: Widget, _ text: String) {
    adw_avatar_set_text(OpaquePointer(avatar), text)
  }

}
