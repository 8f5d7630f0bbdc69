import AuthEngine
import CGio
import CSecret  // authdesktop_error_code: GIO error codes (see Sources/CSecret/shim.h)
import Dispatch
import Foundation

/// `BrowserLauncher` through GIO: the user's default handler of the URL's scheme
/// (`x-scheme-handler/https`, from `mimeapps.list`), as `gio open` and `xdg-open` find it. GTK 4.8 has
/// no `GtkUriLauncher`, and `gtk_show_uri` reports no errors.
///
/// The browser is started with `/dev/null` as its standard input, output and error
/// (`g_desktop_app_info_launch_uris_as_manager_with_fds`), never this process's: a browser keeps what
/// it inherits open while it runs and writes to it ("Opening in existing browser session."), which
/// would corrupt `sign-in --json` and keep `out=$(auth-desktop sign-in …)` waiting until the browser
/// exits.
///
/// The authorization request of RFC 8252 §6 goes to an external user-agent (§8.12: not an embedded
/// web view). When no browser can be started this throws, and the UI offers to copy the link instead.
public struct GioBrowserLauncher: BrowserLauncher {
  public init() {}

  public func open(_ url: URL) async throws {
    let uri = url.absoluteString
    // The lookup reads desktop files and spawns a process: keep it off the caller's thread.
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
      DispatchQueue.global(qos: .userInitiated).async {
        continuation.resume(with: Result { () throws(AuthError) in try Self.launch(uri) })
      }
    }
  }

  private static func launch(_ uri: String) throws(AuthError) {
    let scheme = URL(string: uri)?.scheme ?? "such"
    guard let info = g_app_info_get_default_for_uri_scheme(scheme) else {
      throw unavailable("no application is set to open \(scheme) links")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(info)) }
    let devNull = Foundation.open("/dev/null", O_RDWR | O_CLOEXEC)
    defer { if devNull >= 0 { close(devNull) } }
    let uris = g_list_append(nil, strdup(uri))
    defer { g_list_free_full(uris, free) }
    do throws(GLibError) {
      let instance = UnsafeMutableRawPointer(info).assumingMemoryBound(to: GTypeInstance.self)
      if devNull >= 0, g_type_check_instance_is_a(instance, g_desktop_app_info_get_type()) != 0 {
        let desktop = OpaquePointer(UnsafeMutableRawPointer(info))
        try withGError {
          g_desktop_app_info_launch_uris_as_manager_with_fds(
            desktop, uris, nil, G_SPAWN_SEARCH_PATH, nil, nil, nil, nil, devNull, devNull, devNull, $0)
        }
      } else {
        try withGError { g_app_info_launch_uris(info, uris, nil, $0) }
      }
    } catch {
      let reason =
        error.domain == g_io_error_quark() && error.code == authdesktop_error_code(AUTHDESKTOP_IO_NOT_SUPPORTED)
        ? "no application is set to open \(scheme) links" : "the web browser could not be started"
      throw unavailable(reason)
    }
  }

  private static func unavailable(_ reason: String) -> AuthError {
    AuthError(.browserUnavailable, origin: .request, detail: reason)
  }
}
