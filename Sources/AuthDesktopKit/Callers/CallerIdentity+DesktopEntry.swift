import CGio
import Foundation

extension CallerIdentity {
  /// The icon of the app whose key (`appKey`) is `key`, where only the key was kept (a grant): the icon
  /// of a Flatpak's exported desktop entry, a snap's, or for an executable's path of the entry whose
  /// `Exec` runs it; as `g_icon_to_string` writes it (an icon name or a file), nil when there is none.
  public static func iconOfApp(withKey key: String) -> String? {
    let id: String?
    if key.hasPrefix("/") {
      id = DesktopEntries.id(running: key)
    } else if key.hasPrefix("snap.") {
      let name = key.dropFirst("snap.".count)
      id = "\(name)_\(name).desktop"
    } else {
      id = "\(key).desktop"
    }
    guard let id, let info = g_desktop_app_info_new(id) else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    guard let icon = g_app_info_get_icon(info), let text = g_icon_to_string(icon) else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }
}
