import CSecret  // authdesktop_error_code: GIO error codes (see Sources/CSecret/shim.h)

extension GLibError {
  /// `G_IO_ERROR_ADDRESS_IN_USE` (a `bind` refused with `EADDRINUSE`).
  var isAddressInUse: Bool {
    domain == g_io_error_quark() && code == authdesktop_error_code(AUTHDESKTOP_IO_ADDRESS_IN_USE)
  }
}

extension GLibError {
  /// The bus answered that nothing owns the name (a call made without starting its service).
  public var isNameWithoutOwner: Bool {
    domain == g_dbus_error_quark()
      && [G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_SERVICE_UNKNOWN].contains { Int32($0.rawValue) == code }
  }
}
