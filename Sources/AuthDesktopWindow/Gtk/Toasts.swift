import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// The window's toasts ("Signed out", "Link copied"): an `AdwToastOverlay` over the pages that covers
/// none of them. While a toast shows, the pages end above it (their bottom margin is the toast's
/// height), so no button lies under it, and hovering it — which keeps it shown — blocks no click. One
/// toast at a time: a new one replaces the one showing. Its close button is named (`Adw.nameControls`).
@GLibMainActor
final class Toasts {
  let overlay = adw_toast_overlay_new()!
  private let content: Widget
  /// The `AdwToast` showing (the overlay owns it); nil once it is dismissed.
  private var current: OpaquePointer?

  init(over content: Widget) {
    self.content = content
    adw_toast_overlay_set_child(OpaquePointer(overlay), content)
  }

  func show(_ title: String) {
    if let current { adw_toast_dismiss(current) }
    let toast = adw_toast_new(title)!
    current = toast
    GtkSignal.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
      guard let self, self.current == toast else { return }
      self.current = nil
      gtk_widget_set_margin_bottom(self.content, 0)
    }
    adw_toast_overlay_add_toast(OpaquePointer(overlay), toast)
    // The overlay's other children are its toasts (the new one is made at once: none is queued).
    var height: Int32 = 0
    var child = gtk_widget_get_first_child(overlay)
    while let widget = child {
      if widget != content {
        Adw.nameControls(in: widget)
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, nil, &natural, nil, nil)
        height = max(height, natural)
      }
      child = gtk_widget_get_next_sibling(widget)
    }
    gtk_widget_set_margin_bottom(content, height)
  }
}
