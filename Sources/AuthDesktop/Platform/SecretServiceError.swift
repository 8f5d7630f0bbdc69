import AuthEngine
import CSecret

/// Maps libsecret and GDBus failures to `auth/secret-store-unavailable` with a short, fixed reason.
/// GLib's own message is not passed on: it can name attribute values and D-Bus paths.
enum SecretServiceError {
  static let locked = unavailable("the keyring is locked, or its unlock prompt was dismissed")

  static func unavailable(_ reason: String) -> AuthError {
    AuthError(.secretStoreUnavailable, origin: .storage, detail: reason)
  }

  static func map(_ error: GLibError) -> AuthError { unavailable(reason(for: error)) }

  /// The measured failure modes: no session bus ("Cannot autolaunch D-Bus without X11 $DISPLAY", or
  /// "Could not connect" to a stale address) is a `G_IO_ERROR`; no provider ("…was not provided by any
  /// .service files") is `G_DBUS_ERROR_SERVICE_UNKNOWN`; a locked collection is `SECRET_ERROR_IS_LOCKED`.
  static func reason(for error: GLibError) -> String {
    let code = UInt32(bitPattern: error.code)
    switch error.domain {
    case secret_error_get_quark():
      switch code {
      case SECRET_ERROR_IS_LOCKED.rawValue: return "the keyring is locked, or its unlock prompt was dismissed"
      case SECRET_ERROR_NO_SUCH_OBJECT.rawValue: return "the keyring collection does not exist"
      default: return "the Secret Service answered with an error"
      }
    case g_dbus_error_quark():
      switch code {
      case G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue, G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue,
        G_DBUS_ERROR_SPAWN_EXEC_FAILED.rawValue, G_DBUS_ERROR_SPAWN_CHILD_EXITED.rawValue,
        G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND.rawValue, G_DBUS_ERROR_SPAWN_FAILED.rawValue:
        return "no Secret Service provider (org.freedesktop.secrets) is running; install or start a keyring"
      case G_DBUS_ERROR_NO_REPLY.rawValue, G_DBUS_ERROR_TIMEOUT.rawValue, G_DBUS_ERROR_TIMED_OUT.rawValue:
        return "the Secret Service did not answer"
      case G_DBUS_ERROR_ACCESS_DENIED.rawValue, G_DBUS_ERROR_AUTH_FAILED.rawValue:
        return "access to the Secret Service was denied"
      default: return "the Secret Service failed"
      }
    case g_io_error_quark():
      switch code {
      case G_IO_ERROR_CANCELLED.rawValue: return "the request was cancelled"
      case G_IO_ERROR_TIMED_OUT.rawValue: return "the Secret Service did not answer"
      default: return "no D-Bus session bus is reachable (DBUS_SESSION_BUS_ADDRESS)"
      }
    default:
      return "the Secret Service failed (\(error.domainName) \(error.code))"
    }
  }
}
