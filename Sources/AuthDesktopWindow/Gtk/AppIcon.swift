import AuthDesktopKit
import CGtk
import Foundation

/// An app's icon by its grant's key (`CallerIdentity.appKey`): its desktop entry's
/// (`CallerIdentity.iconOfApp(withKey:)`), else a generic program icon.
@GLibMainActor
enum AppIcon {
  static let fallback = "application-x-executable-symbolic"

  static func image(forApp key: String, size: Int32 = 32) -> Widget {
    var image: Widget?
    if let text = CallerIdentity.iconOfApp(withKey: key), let icon = g_icon_new_for_string(text, nil) {
      image = gtk_image_new_from_gicon(icon)
      g_object_unref(UnsafeMutableRawPointer(icon))
    }
    let shown = image ?? gtk_image_new_from_icon_name(fallback)!
    gtk_image_set_pixel_size(OpaquePointer(shown), size)
    return shown
  }
}
