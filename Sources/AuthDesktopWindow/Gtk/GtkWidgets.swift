import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// A GTK widget pointer. Widgets made here are floating until added to a parent, which then owns them.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// Small builders for the pages, so that every label and control gets its style classes and its
/// accessible name (`GTK_ACCESSIBLE_PROPERTY_LABEL`, what AT-SPI tests look widgets up by) in one call.
@GLibMainActor
enum Gtk {
  static func label(_ text: String, classes: [String] = [], accessible: String? = nil) -> Widget {
    let label = gtk_label_new(text)!
    gtk_label_set_wrap(OpaquePointer(label), 1)
    gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
    style(label, classes)
    authdesktop_accessible_set_label(label, accessible ?? text)
    return label
  }

  static func button(
    _ text: String, accessible: String? = nil, classes: [String] = [], action: (@GLibMainActor () -> Void)? = nil
  ) -> Widget {
    let button = gtk_button_new_with_label(text)!
    style(button, classes)
    authdesktop_accessible_set_label(button, accessible ?? text)
    if let action { GtkSignal.connect(button, "clicked", action) }
    return button
  }

  static func entry(placeholder: String, accessible: String, password: Bool = false) -> Widget {
    let entry: Widget
    if password {
      entry = authdesktop_password_entry_new(placeholder)
    } else {
      entry = gtk_entry_new()
      gtk_entry_set_placeholder_text(glibCast(entry, to: GtkEntry.self), placeholder)
    }
    authdesktop_accessible_set_label(entry, accessible)
    return entry
  }

  /// The text of an entry or a password entry (both implement `GtkEditable`).
  static func text(of editable: Widget) -> String {
    gtk_editable_get_text(OpaquePointer(editable)).map { String(cString: $0) } ?? ""
  }

  /// A vertical (or horizontal) box; `margin` on all four sides.
  static func box(vertical: Bool = true, spacing: Int32 = 12, margin: Int32 = 0, _ children: [Widget] = [])
    -> Widget
  {
    let box = gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)!
    gtk_widget_set_margin_top(box, margin)
    gtk_widget_set_margin_bottom(box, margin)
    gtk_widget_set_margin_start(box, margin)
    gtk_widget_set_margin_end(box, margin)
    for child in children { append(child, to: box) }
    return box
  }

  static func append(_ child: Widget, to box: Widget) {
    gtk_box_append(glibCast(box, to: GtkBox.self), child)
  }

  /// GTK 4.8 has no `gtk_list_box_remove_all` (4.12): remove the rows one by one.
  static func removeAllRows(from list: Widget) {
    while let row = gtk_widget_get_first_child(list) {
      gtk_list_box_remove(OpaquePointer(list), row)
    }
  }

  /// A page's root: a column centred in the window, at least `width` wide (wider when a control needs
  /// it), with 24 px margins (GNOME HIG), named for assistive technologies.
  static func page(accessible: String, width: Int32 = 360, _ children: [Widget]) -> Widget {
    let column = box(spacing: 12, margin: 24, children)
    gtk_widget_set_size_request(column, width, -1)
    gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
    gtk_widget_set_vexpand(column, 1)
    authdesktop_accessible_set_label(column, accessible)
    return column
  }

  static func style(_ widget: Widget, _ classes: [String]) {
    for name in classes { gtk_widget_add_css_class(widget, name) }
  }

  /// Changes a label's text and its accessible name with it.
  static func setText(_ label: Widget, _ text: String) {
    gtk_label_set_text(OpaquePointer(label), text)
    authdesktop_accessible_set_label(label, text)
  }

  static func setVisible(_ widget: Widget, _ visible: Bool) { gtk_widget_set_visible(widget, visible ? 1 : 0) }
}
