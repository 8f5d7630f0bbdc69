import AuthEngine
import CSecret
import TestSupport
import Testing

@testable import AuthDesktopKit

/// The GError → `auth/secret-store-unavailable` mapping, for the failures measured on a headless
/// machine (docs/glib-and-swift.md, "Secret Service without a desktop").
@Suite struct SecretServiceErrorTests {
  @Test func mapsTheMeasuredFailures() {
    let cases: [(GLibError, SecretStoreProblem)] = [
      (
        GLibError(
          domain: g_io_error_quark(), code: authdesktop_error_code(AUTHDESKTOP_IO_FAILED),
          message: "Cannot autolaunch D-Bus without X11 $DISPLAY"), .noSessionBus
      ),
      (
        GLibError(
          domain: g_io_error_quark(), code: authdesktop_error_code(AUTHDESKTOP_IO_NOT_FOUND),
          message: "Could not connect: No such file or directory"), .noSessionBus
      ),
      (
        GLibError(
          domain: g_dbus_error_quark(), code: authdesktop_error_code(AUTHDESKTOP_DBUS_SERVICE_UNKNOWN),
          message: "The name org.freedesktop.secrets was not provided by any .service files"),
        .noProvider
      ),
      (
        GLibError(
          domain: secret_error_get_quark(), code: Int32(SECRET_ERROR_IS_LOCKED.rawValue),
          message: "Cannot create an item in a locked collection"), .locked
      ),
      (
        GLibError(domain: g_io_error_quark(), code: authdesktop_error_code(AUTHDESKTOP_IO_CANCELLED), message: "x"),
        .cancelled
      ),
    ]
    for (error, problem) in cases {
      let mapped = SecretServiceError.map(error)
      #expect(mapped.code == .secretStoreUnavailable)
      #expect(mapped.origin == .storage)
      guard case .secretStore(let mappedProblem) = mapped.payload else {
        Issue.record("no secret-store payload for \(error)")
        continue
      }
      #expect(mappedProblem == problem, "\(error)")
      #expect(mapped.detail?.contains(error.message) != true)
    }
  }
}
