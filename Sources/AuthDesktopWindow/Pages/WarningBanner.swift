import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// A yellow bar above the pages for a problem that stays for the whole run: the app's URL scheme
/// opens another program (or none), so browser sign-ins cannot come back. Hidden when there is none.
@GLibMainActor
final class WarningBanner {
  let root: Widget

  init(_ text: String?) {
    root = gtk_info_bar_new()
    let bar = OpaquePointer(root)
    gtk_info_bar_set_message_type(bar, GTK_MESSAGE_WARNING)
    let message = Gtk.label(text ?? "")
    gtk_label_set_xalign(OpaquePointer(message), 0)
    gtk_widget_set_hexpand(message, 1)
    gtk_info_bar_add_child(bar, message)
    authdesktop_accessible_set_label(root, WindowText.warningTitle)
    Gtk.setVisible(root, text != nil)
  }
}
