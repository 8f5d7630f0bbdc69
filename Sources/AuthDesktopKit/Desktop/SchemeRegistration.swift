import AuthEngine
import CGio
import Foundation

/// Which program the desktop opens `SCHEME:` links with (`x-scheme-handler/SCHEME` in `mimeapps.list`,
/// looked up by GIO the way `xdg-open` and `gio open` do). Custom-scheme redirects (RFC 8252 §7.1)
/// only come back when that program is this build of the app.
public enum SchemeRegistration: Equatable, Sendable {
  /// The handler's `Exec` runs this build's executable (symlinks resolved).
  case thisApp
  /// AuthDesktop's desktop entry, but it runs another copy (another build, a portable copy): its path.
  case anotherCopy(String)
  /// It opens another program (its display name).
  case otherApplication(String)
  case none

  /// Which program opens `scheme` links, compared with `executable` (this build's `auth-desktop`,
  /// see `thisBuildExecutable`). Reads desktop files: call it off the GTK thread or before the window
  /// shows.
  public static func lookUp(scheme: String, identity: AppIdentity, executable: String) -> SchemeRegistration {
    guard let info = g_app_info_get_default_for_uri_scheme(scheme) else { return .none }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    let program = g_app_info_get_executable(info).map { String(cString: $0) }
    let resolved = program.flatMap(resolve)
    if let resolved, resolved == resolve(executable) { return .thisApp }
    if let id = g_app_info_get_id(info), String(cString: id) == identity.desktopID {
      return .anotherCopy(resolved ?? program ?? "")
    }
    return .otherApplication(g_app_info_get_display_name(info).map { String(cString: $0) } ?? "another program")
  }

  /// `auth-desktop` of this build, the launcher the desktop entry runs: the one beside this process's
  /// executable (`auth-desktop-cli` and `auth-desktop-window` are built next to it).
  public static var thisBuildExecutable: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("auth-desktop").path
  }

  /// `program` as an absolute path with every symlink resolved (searched in `PATH` when it has no
  /// slash, as GIO runs it); nil when it is not found.
  static func resolve(_ program: String) -> String? {
    var path = program
    if !program.contains("/") {
      guard let found = g_find_program_in_path(program) else { return nil }
      defer { g_free(found) }
      path = String(cString: found)
    }
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }
}
