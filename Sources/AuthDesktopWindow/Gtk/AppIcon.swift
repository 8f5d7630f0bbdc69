import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation

/// An app's icon by its grant's key (`CallerIdentity.appKey`): its desktop entry's
/// (`CallerIdentity.iconOfApp(withKey:)`), else a generic program icon.
@GLibMainActor
enum AppIcon {
  static let fallback = "application-x-executable-symbolic"

  static func image(forApp key: String, size: Int32 = 32) -> Widget {
    var image: Widget?
    if let icon = own(forApp: key) {
      image = gtk_image_new_from_gicon(icon)
      g_object_unref(UnsafeMutableRawPointer(icon))
    }
    let shown = image ?? gtk_image_new_from_icon_name(fallback)!
    gtk_image_set_pixel_size(OpaquePointer(shown), size)
    return shown
  }

  /// The consent dialog's picture of the app that asks: its own icon, named "Icon of Notes" for
  /// assistive technologies; or the generic one (`application-x-executable`), hidden from them, since it
  /// says nothing about the app. A `GtkPicture` of the icon theme's paintable: GTK 4.8 gives AT-SPI no
  /// node for a `GtkImage` there (measured: the dialog's box had no child), and does for a picture.
  static func ofCaller(_ caller: CallerIdentity, size: Int32 = 64) -> Widget {
    let icon = own(forApp: caller.appKey)
    let shown = icon ?? g_themed_icon_new("application-x-executable")!
    defer { g_object_unref(UnsafeMutableRawPointer(shown)) }
    let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
    let paintable = gtk_icon_theme_lookup_by_gicon(theme, shown, size, 1, GTK_TEXT_DIR_NONE, GtkIconLookupFlags(0))!
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let picture = gtk_picture_new_for_paintable(paintable)!
    gtk_picture_set_can_shrink(OpaquePointer(picture), 0)
    if icon != nil {
      authdesktop_accessible_set_label(picture, WindowText.appIcon(caller.displayName))
    } else {
      authdesktop_accessible_set_hidden(picture, 1)
    }
    // In a row: a vertical box would ask the picture's height for the dialog's whole width.
    let row = Gtk.box(vertical: false, spacing: 0, [picture])
    gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
    return row
  }

  /// The icon the app's desktop entry names (owned: the caller unrefs it), nil when there is none.
  private static func own(forApp key: String) -> OpaquePointer? {
    guard let text = CallerIdentity.iconOfApp(withKey: key) else { return nil }
    return g_icon_new_for_string(text, nil)
  }
}
