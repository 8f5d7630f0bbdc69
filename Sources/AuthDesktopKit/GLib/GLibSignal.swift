import CGio

/// Signal connections of GIO objects: one non-capturing `@convention(c)` thunk per C signature, the
/// handler in a retained `GLibBox` released when GLib drops the connection. Handlers run on the thread
/// of the main context the object dispatches on (a `GLibMainContextThread`'s, or the GTK thread, whose
/// callers enter `GLibMainActor` with `assumeIsolated`).
public enum GLibSignal {
  public typealias OpenHandler = ([String]) -> Void

  /// `GApplication::open`: the handler gets the URI of every file (for a URL, the URL byte for byte).
  @discardableResult
  public static func connectOpen(_ application: UnsafeMutableRawPointer, _ handler: @escaping OpenHandler) -> gulong {
    g_signal_connect_data(
      application, "open", unsafeBitCast(openThunk, to: GCallback.self), GLibBox<OpenHandler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }
}

/// `GClosureNotify` of the boxes above (its signature differs from `GDestroyNotify`).
private let releaseClosureBox: GClosureNotify = { userData, _ in
  guard let userData else { return }
  Unmanaged<AnyObject>.fromOpaque(userData).release()
}

private let openThunk:
  @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafeMutablePointer<gchar>?, gpointer?) ->
    Void = { _, files, count, _, userData in
      guard let userData else { return }
      var uris: [String] = []
      for index in 0..<Int(max(count, 0)) {
        guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
        uris.append(String(cString: uri))
        g_free(uri)
      }
      GLibBox<GLibSignal.OpenHandler>.value(at: userData)(uris)
    }
