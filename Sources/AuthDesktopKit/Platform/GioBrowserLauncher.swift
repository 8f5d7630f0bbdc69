import AuthEngine
import CSecret  // authdesktop_error_code: GIO error codes (see Sources/CSecret/shim.h)
import CSoup
import Dispatch
import Foundation

/// `BrowserLauncher` through GIO: `g_app_info_launch_default_for_uri` starts the user's default
/// handler of the URL's scheme (`x-scheme-handler/https`, from `mimeapps.list`), as `gio open` and
/// `xdg-open` do. GTK 4.8 has no `GtkUriLauncher`, and `gtk_show_uri` reports no errors.
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
    do throws(GLibError) {
      let launched = try withGError { g_app_info_launch_default_for_uri(uri, nil, $0) }
      if launched == 0 { throw GLibError(domain: g_io_error_quark(), code: 0, message: "") }
    } catch {
      let reason =
        error.domain == g_io_error_quark() && error.code == authdesktop_error_code(AUTHDESKTOP_IO_NOT_SUPPORTED)
        ? "no application is set to open \(URL(string: uri)?.scheme ?? "such") links"
        : "the web browser could not be started"
      throw AuthError(.browserUnavailable, origin: .request, detail: reason)
    }
  }
}
