import AuthDesktopKit
import CGdkWindowing

/// Another app's window, from the `parent_window` it sent (`ParentWindow`), that a dialog of ours is
/// made a child of: on an X11 display an `x11:XID` that exists there (`WM_TRANSIENT_FOR`, as
/// xdg-desktop-portal-gnome sets it), on a Wayland display a `wayland:HANDLE` (xdg_foreign,
/// `gdk_wayland_toplevel_set_transient_for_exported`). Nil for an empty one, one of the other
/// windowing system, and an XID that no window has: the dialog is then shown as without one. The
/// identifier is only a hint of where to show the question; it proves nothing about the app.
@GLibMainActor
struct ForeignParent {
  private enum Kind {
    case x11(UInt)
    case wayland(String)
  }

  private let kind: Kind

  init?(_ window: ParentWindow) {
    guard let display = gdk_display_get_default() else { return nil }
    switch window {
    case .unset:
      return nil
    case .x11(let xid):
      guard authdesktop_display_is_x11(display) != 0, let id = UInt(exactly: xid),
        authdesktop_x11_window_exists(display, id) != 0
      else { return nil }
      kind = .x11(id)
    case .wayland(let handle):
      guard authdesktop_display_is_wayland(display) != 0 else { return nil }
      kind = .wayland(handle)
    }
  }

  /// Realizes `dialog` (it needs its surface) and makes it the app window's child; false when the
  /// display refused (a Wayland compositor without xdg_foreign).
  func adopt(_ dialog: UnsafeMutablePointer<GtkWindow>) -> Bool {
    gtk_widget_realize(glibCast(dialog, to: GtkWidget.self))
    switch kind {
    case .x11(let xid): return authdesktop_x11_set_transient_for(dialog, xid) != 0
    case .wayland(let handle): return authdesktop_wayland_set_transient_for(dialog, handle) != 0
    }
  }
}
