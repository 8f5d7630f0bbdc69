import CSoup

/// A Swift value handed to GLib as `gpointer` user data (docs/glib-and-swift.md, "Signals and callbacks"): the
/// pointer holds a +1 reference taken with `Unmanaged.passRetained`, and the only thing that releases
/// it is `glibReleaseBox`, passed to GLib as the destroy-notify of the same call. GLib calls that when
/// it drops the callback (handler removed, source destroyed, object finalised), so the box lives exactly
/// as long as GLib can still call it.
public final class GLibBox<Value> {
  let value: Value

  init(_ value: Value) { self.value = value }

  /// A +1 pointer for `user_data`; always pass `glibReleaseBox` as the matching destroy-notify.
  public static func retained(_ value: Value) -> gpointer {
    Unmanaged.passRetained(GLibBox(value)).toOpaque()
  }

  /// The value behind a pointer made by `retained(_:)`, without changing its reference count.
  public static func value(at pointer: gpointer) -> Value {
    Unmanaged<GLibBox<Value>>.fromOpaque(pointer).takeUnretainedValue().value
  }
}

/// The `GDestroyNotify` of every `GLibBox`: drops the reference `GLibBox.retained` took.
public let glibReleaseBox: GDestroyNotify = { pointer in
  guard let pointer else { return }
  Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// A GObject pointer viewed as another type in its hierarchy (the `G_INET_SOCKET_ADDRESS (…)` casts
/// of C, without the runtime check): only for a type the object is known to be.
public func glibCast<From, To>(_ pointer: UnsafeMutablePointer<From>, to: To.Type) -> UnsafeMutablePointer<To> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
}
