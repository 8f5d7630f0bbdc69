import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// Renders a mapped widget (a whole window, with its header bar) to a PNG through GTK itself:
/// `GtkWidgetPaintable` → `GskRenderNode` → the window's own `GskRenderer` → `GdkTexture`. Unlike a
/// screen grab (`import -window root`), it sees only this window, so parallel tests on one display
/// cannot photograph each other.
@GLibMainActor
enum WindowSnapshot {
  enum Failure: Error, CustomStringConvertible {
    case notMapped
    case renderFailed
    case writeFailed(String)

    var description: String {
      switch self {
      case .notMapped: "the window is not mapped (no renderer yet)"
      case .renderFailed: "GTK rendered nothing"
      case .writeFailed(let path): "could not write \(path)"
      }
    }
  }

  static func savePNG(of widget: Widget, to path: String) throws(Failure) {
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    guard gtk_widget_get_mapped(widget) != 0, width > 0, height > 0,
      let native = gtk_widget_get_native(widget), let renderer = gtk_native_get_renderer(native)
    else { throw .notMapped }
    let paintable = gtk_widget_paintable_new(widget)
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { throw .renderFailed }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { throw .renderFailed }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    guard gdk_texture_save_to_png(texture, path) != 0 else { throw .writeFailed(path) }
  }
}
