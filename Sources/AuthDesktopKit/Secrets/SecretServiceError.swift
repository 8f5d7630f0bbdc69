import AuthEngine
import CSecret

/// Maps libsecret and GDBus failures to `auth/secret-store-unavailable` with a `SecretStoreProblem`.
/// GLib's own message is not passed on: it can name attribute values and D-Bus paths.
enum SecretServiceError {
  static let locked = unavailable(.locked)

  static func unavailable(_ problem: SecretStoreProblem, detail: String? = nil) -> AuthError {
    AuthError(.secretStoreUnavailable, origin: .storage, payload: .secretStore(problem), detail: detail)
  }

  static func map(_ error: GLibError) -> AuthError {
    let problem = problem(for: error)
    return unavailable(problem, detail: problem == .failed ? "\(error.domainName) \(error.code)" : nil)
  }

  /// The measured failure modes: no session bus ("Cannot autolaunch D-Bus without X11 $DISPLAY", or
  /// "Could not connect" to a stale address) is a `G_IO_ERROR`; no provider ("…was not provided by any
  /// .service files") is `G_DBUS_ERROR_SERVICE_UNKNOWN`; a locked collection is `SECRET_ERROR_IS_LOCKED`.
  static func problem(for error: GLibError) -> SecretStoreProblem {
    let code = error.code
    func any(_ names: AuthDesktopErrorCode...) -> Bool { names.contains { authdesktop_error_code($0) == code } }
    switch error.domain {
    case secret_error_get_quark():
      switch UInt32(bitPattern: code) {
      case SECRET_ERROR_IS_LOCKED.rawValue: return .locked
      case SECRET_ERROR_NO_SUCH_OBJECT.rawValue: return .missingCollection
      default: return .failed
      }
    case g_dbus_error_quark():
      if any(
        AUTHDESKTOP_DBUS_SERVICE_UNKNOWN, AUTHDESKTOP_DBUS_NAME_HAS_NO_OWNER, AUTHDESKTOP_DBUS_SPAWN_EXEC_FAILED,
        AUTHDESKTOP_DBUS_SPAWN_CHILD_EXITED, AUTHDESKTOP_DBUS_SPAWN_SERVICE_NOT_FOUND, AUTHDESKTOP_DBUS_SPAWN_FAILED)
      {
        return .noProvider
      }
      if any(AUTHDESKTOP_DBUS_NO_REPLY, AUTHDESKTOP_DBUS_TIMEOUT, AUTHDESKTOP_DBUS_TIMED_OUT) { return .noAnswer }
      if any(AUTHDESKTOP_DBUS_ACCESS_DENIED, AUTHDESKTOP_DBUS_AUTH_FAILED) { return .accessDenied }
      return .failed
    case g_io_error_quark():
      if any(AUTHDESKTOP_IO_CANCELLED) { return .cancelled }
      if any(AUTHDESKTOP_IO_TIMED_OUT) { return .noAnswer }
      return .noSessionBus
    default:
      return .failed
    }
  }
}
