import AuthDesktopKit
import AuthDesktopShared
import CGtk

/// A red bar above the pages with the error text and "Dismiss". A `GtkInfoBar`, which GTK 4.8 still
/// has (deprecated in 4.10 for `AdwBanner`, from libadwaita, which this app does not use).
@GLibMainActor
final class ErrorBanner {
  let root: Widget
  private let message = Gtk.label("")

  init(onDismiss: @escaping @GLibMainActor () -> Void) {
    root = gtk_info_bar_new()
    let bar = OpaquePointer(root)
    gtk_info_bar_set_message_type(bar, GTK_MESSAGE_ERROR)
    gtk_widget_set_hexpand(message, 1)
    gtk_widget_set_halign(message, GTK_ALIGN_START)
    gtk_label_set_xalign(OpaquePointer(message), 0)
    gtk_label_set_justify(OpaquePointer(message), GTK_JUSTIFY_LEFT)
    let title = Gtk.label(WindowText.errorTitle, classes: ["heading"])
    gtk_widget_set_halign(title, GTK_ALIGN_START)
    gtk_info_bar_add_child(bar, Gtk.box(spacing: 2, [title, message]))
    let dismiss = Gtk.button(WindowText.dismiss, accessible: WindowText.dismissError, action: onDismiss)
    gtk_widget_set_valign(dismiss, GTK_ALIGN_CENTER)
    gtk_info_bar_add_child(bar, dismiss)
    authdesktop_accessible_set_label(root, WindowText.errorTitle)
    show(nil)
  }

  /// Shows `text`, or hides the banner for nil.
  func show(_ text: String?) {
    if let text { Gtk.setText(message, text) }
    gtk_info_bar_set_revealed(OpaquePointer(root), text == nil ? 0 : 1)
    Gtk.setVisible(root, text != nil)
  }
}
