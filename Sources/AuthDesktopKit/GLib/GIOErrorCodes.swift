import CSecret  // authdesktop_error_code: GIO error codes (see Sources/CSecret/shim.h)

extension GLibError {
  /// `G_IO_ERROR_ADDRESS_IN_USE` (a `bind` refused with `EADDRINUSE`).
  var isAddressInUse: Bool {
    domain == g_io_error_quark() && code == authdesktop_error_code(AUTHDESKTOP_IO_ADDRESS_IN_USE)
  }
}
