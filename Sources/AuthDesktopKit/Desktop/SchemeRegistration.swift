import AuthEngine
import CSoup

/// Which program the desktop opens `SCHEME:` links with (`x-scheme-handler/SCHEME` in `mimeapps.list`,
/// looked up by GIO the way `xdg-open` and `gio open` do). Custom-scheme redirects (RFC 8252 §7.1)
/// only come back when that program is this app.
public enum SchemeRegistration: Equatable {
  /// The scheme opens AuthDesktop's desktop entry.
  case thisApp
  /// It opens another program (its display name).
  case otherApplication(String)
  case none

  /// Which program opens `scheme` links, compared with `identity`'s desktop entry. Reads desktop
  /// files: call it off the GTK thread or before the window shows.
  public static func lookUp(scheme: String, identity: AppIdentity) -> SchemeRegistration {
    guard let info = g_app_info_get_default_for_uri_scheme(scheme) else { return .none }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    if let id = g_app_info_get_id(info), String(cString: id) == identity.desktopID { return .thisApp }
    return .otherApplication(g_app_info_get_display_name(info).map { String(cString: $0) } ?? "another program")
  }
}
