import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk

/// Signal connections (docs/glib-and-swift.md, "Signals and callbacks"): one non-capturing `@convention(c)`
/// thunk per C signature, the Swift handler in a `GLibBox` retained for the connection, released by
/// `releaseClosureBox` when GLib drops the handler (disconnect, or the object is finalised).
/// Handlers run on the GTK thread and enter `GLibMainActor` with `assumeIsolated`.
@GLibMainActor
enum GtkSignal {
  typealias Handler = @GLibMainActor () -> Void
  typealias OpenHandler = @GLibMainActor ([String]) -> Void
  typealias TextHandler = @GLibMainActor (String) -> Void

  /// A signal whose C handler is `void (*)(GObject *instance, gpointer user_data)`: `clicked`,
  /// `activate` (buttons, entries, applications), `map`, `destroy`.
  @discardableResult
  static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping Handler) -> gulong {
    g_signal_connect_data(
      instance, signal, unsafeBitCast(voidThunk, to: GCallback.self), GLibBox<Handler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `GSimpleAction::activate` (`void (*)(GSimpleAction *, GVariant *parameter, gpointer user_data)`).
  @discardableResult
  static func connectAction(_ action: UnsafeMutableRawPointer, _ handler: @escaping Handler) -> gulong {
    g_signal_connect_data(
      action, "activate", unsafeBitCast(actionThunk, to: GCallback.self), GLibBox<Handler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `GSimpleAction::activate` of an action with a string parameter (`g_simple_action_new(name, "s")`):
  /// the handler gets the string.
  @discardableResult
  static func connectStringAction(_ action: UnsafeMutableRawPointer, _ handler: @escaping TextHandler) -> gulong {
    g_signal_connect_data(
      action, "activate", unsafeBitCast(stringActionThunk, to: GCallback.self), GLibBox<TextHandler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `notify::PROPERTY` (`void (*)(GObject *, GParamSpec *, gpointer user_data)`).
  @discardableResult
  static func connectNotify(_ instance: UnsafeMutableRawPointer, _ property: String, _ handler: @escaping Handler)
    -> gulong
  {
    g_signal_connect_data(
      instance, "notify::\(property)", unsafeBitCast(actionThunk, to: GCallback.self),
      GLibBox<Handler>.retained(handler), releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `AdwMessageDialog::response` (`void (*)(AdwMessageDialog *, const char *response, gpointer)`):
  /// the handler gets the response id.
  @discardableResult
  static func connectResponse(_ dialog: UnsafeMutableRawPointer, _ handler: @escaping TextHandler) -> gulong {
    g_signal_connect_data(
      dialog, "response", unsafeBitCast(textThunk, to: GCallback.self), GLibBox<TextHandler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `GFileMonitor::changed` (`void (*)(GFileMonitor *, GFile *file, GFile *other, GFileMonitorEvent,
  /// gpointer)`): the handler gets the changed file's name (its last path component).
  @discardableResult
  static func connectFileChanged(_ monitor: UnsafeMutableRawPointer, _ handler: @escaping TextHandler) -> gulong {
    g_signal_connect_data(
      monitor, "changed", unsafeBitCast(fileChangedThunk, to: GCallback.self), GLibBox<TextHandler>.retained(handler),
      releaseClosureBox, GConnectFlags(rawValue: 0))
  }

  /// `GApplication::open`: the handler gets the URI of every file (for a URL, the URL byte for byte).
  @discardableResult
  static func connectOpen(_ application: UnsafeMutableRawPointer, _ handler: @escaping OpenHandler) -> gulong {
    GLibSignal.connectOpen(application) { uris in GLibMainActor.assumeIsolated { handler(uris) } }
  }
}

/// `GClosureNotify` of every box above (its signature differs from `GDestroyNotify`).
private let releaseClosureBox: GClosureNotify = { userData, _ in
  guard let userData else { return }
  Unmanaged<AnyObject>.fromOpaque(userData).release()
}

private let voidThunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, userData in
  guard let userData else { return }
  let handler = GLibBox<GtkSignal.Handler>.value(at: userData)
  GLibMainActor.assumeIsolated { handler() }
}

/// A handler with one pointer argument it ignores: `GSimpleAction::activate` (the parameter),
/// `notify::` (the `GParamSpec`).
private let actionThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, userData in
  guard let userData else { return }
  let handler = GLibBox<GtkSignal.Handler>.value(at: userData)
  GLibMainActor.assumeIsolated { handler() }
}

private let stringActionThunk: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> Void = {
  _, parameter, userData in
  guard let userData, let parameter, let text = g_variant_get_string(parameter, nil) else { return }
  let handler = GLibBox<GtkSignal.TextHandler>.value(at: userData)
  let value = String(cString: text)
  GLibMainActor.assumeIsolated { handler(value) }
}

private let textThunk: @convention(c) (gpointer?, UnsafePointer<gchar>?, gpointer?) -> Void = { _, text, userData in
  guard let userData else { return }
  let handler = GLibBox<GtkSignal.TextHandler>.value(at: userData)
  let value = text.map { String(cString: $0) } ?? ""
  GLibMainActor.assumeIsolated { handler(value) }
}

private let fileChangedThunk:
  @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, gpointer?)
    -> Void = { _, file, _, _, userData in
      guard let userData, let file, let name = g_file_get_basename(file) else { return }
      defer { g_free(name) }
      let handler = GLibBox<GtkSignal.TextHandler>.value(at: userData)
      let value = String(cString: name)
      GLibMainActor.assumeIsolated { handler(value) }
    }
