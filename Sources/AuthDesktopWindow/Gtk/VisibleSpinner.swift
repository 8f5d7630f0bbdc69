import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// A `GtkSpinner` that spins only while someone can see it: while it is `wanted` (its page is the
/// one shown), mapped (the page is in front and the window is shown) and its window is not
/// minimized. A spinning spinner redraws every frame, which on a machine without a GPU (llvmpipe)
/// costs most of a CPU core even when nobody looks.
@GLibMainActor
final class VisibleSpinner {
  let widget: Widget
  /// Whether the page wants it to spin; it still stops while unmapped or minimized.
  var wanted = false {
    didSet { update() }
  }
  private var watchedSurface: UnsafeMutableRawPointer?

  init(size: Int32, accessible: String) {
    widget = gtk_spinner_new()
    gtk_widget_set_size_request(widget, size, size)
    authdesktop_accessible_set_label(widget, accessible)
    GtkSignal.connect(widget, "map") { [weak self] in
      self?.watchToplevel()
      self?.update()
    }
    GtkSignal.connect(widget, "unmap") { [weak self] in self?.update() }
    // Unmapped before this, so already stopped; the surface goes away with the realization.
    GtkSignal.connect(widget, "unrealize") { [weak self] in self?.watchedSurface = nil }
  }

  var isSpinning: Bool { gtk_spinner_get_spinning(OpaquePointer(widget)) != 0 }

  /// Whether the window holding the spinner is minimized (`GDK_TOPLEVEL_STATE_MINIMIZED`).
  private var isMinimized: Bool {
    guard let surface = watchedSurface else { return false }
    return gdk_toplevel_get_state(OpaquePointer(surface)).rawValue & GDK_TOPLEVEL_STATE_MINIMIZED.rawValue != 0
  }

  private func update() {
    let spin = wanted && gtk_widget_get_mapped(widget) != 0 && !isMinimized
    guard spin != isSpinning else { return }
    spin ? gtk_spinner_start(OpaquePointer(widget)) : gtk_spinner_stop(OpaquePointer(widget))
  }

  /// Follows the toplevel surface's state (minimized or not) once the spinner's window has one.
  private func watchToplevel() {
    guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native) else { return }
    let pointer = UnsafeMutableRawPointer(surface)
    guard pointer != watchedSurface else { return }
    watchedSurface = pointer
    GtkSignal.connectNotify(pointer, "state") { [weak self] in self?.update() }
  }
}
