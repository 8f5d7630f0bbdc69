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
    let code = error.code
    func any(_ names: AuthDesktopErrorCode...) -> Bool { names.contains { authdesktop_error_code($0) == code } }
    switch error.domain {
    case secret_error_get_quark():
      switch UInt32(bitPattern: code) {
      case SECRET_ERROR_IS_LOCKED.rawValue: return "the keyring is locked, or its unlock prompt was dismissed"
      case SECRET_ERROR_NO_SUCH_OBJECT.rawValue: return "the keyring collection does not exist"
      default: return "the Secret Service answered with an error"
      }
    case g_dbus_error_quark():
      if any(
        AUTHDESKTOP_DBUS_SERVICE_UNKNOWN, AUTHDESKTOP_DBUS_NAME_HAS_NO_OWNER, AUTHDESKTOP_DBUS_SPAWN_EXEC_FAILED,
        AUTHDESKTOP_DBUS_SPAWN_CHILD_EXITED, AUTHDESKTOP_DBUS_SPAWN_SERVICE_NOT_FOUND, AUTHDESKTOP_DBUS_SPAWN_FAILED)
      {
        return "no Secret Service provider (org.freedesktop.secrets) is running; install or start a keyring"
      }
      if any(AUTHDESKTOP_DBUS_NO_REPLY, AUTHDESKTOP_DBUS_TIMEOUT, AUTHDESKTOP_DBUS_TIMED_OUT) {
        return "the Secret Service did not answer"
      }
      if any(AUTHDESKTOP_DBUS_ACCESS_DENIED, AUTHDESKTOP_DBUS_AUTH_FAILED) {
        return "access to the Secret Service was denied"
      }
      return "the Secret Service failed"
    case g_io_error_quark():
      if any(AUTHDESKTOP_IO_CANCELLED) { return "the request was cancelled" }
      if any(AUTHDESKTOP_IO_TIMED_OUT) { return "the Secret Service did not answer" }
      return "no D-Bus session bus is reachable (DBUS_SESSION_BUS_ADDRESS)"
    default:
      return "the Secret Service failed (\(error.domainName) \(error.code))"
    }
  }
}
