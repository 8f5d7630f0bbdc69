import AuthDesktopApp
import AuthDesktopKit
import CGtk
import TestSupport

@testable import AuthDesktopWindow

/// Finds widgets in a window the way a user sees them (by type and button label), for tests that
/// click through the window from inside its own process.
@GLibMainActor
enum WidgetTree {
  static func all(under root: Widget) -> [Widget] {
    var found = [root]
    var child = gtk_widget_get_first_child(root)
    while let current = child {
      found += all(under: current)
      child = gtk_widget_get_next_sibling(current)
    }
    return found
  }

  static func isA(_ widget: Widget, _ type: GType) -> Bool {
    g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type) != 0
  }

  /// The window's stack of pages (named `MainWindow.stackName`).
  static func stack(in window: Widget) -> Widget? {
    all(under: window).first {
      isA($0, gtk_stack_get_type()) && String(cString: gtk_widget_get_name($0)) == MainWindow.stackName
    }
  }

  static func visiblePage(of window: Widget) -> String? {
    guard let stack = stack(in: window), let name = gtk_stack_get_visible_child_name(OpaquePointer(stack)) else {
      return nil
    }
    return String(cString: name)
  }

  /// The button labelled `label` on the visible page (or anywhere, e.g. the error banner).
  static func button(_ label: String, in window: Widget) -> Widget? {
    let visible = stack(in: window).flatMap { gtk_stack_get_visible_child(OpaquePointer($0)) }
    let candidates = (visible.map { all(under: $0) } ?? []) + all(under: window)
    return candidates.first { widget in
      isA(widget, gtk_button_get_type())
        && gtk_button_get_label(glibCast(widget, to: GtkButton.self)).map { String(cString: $0) } == label
    }
  }
}
