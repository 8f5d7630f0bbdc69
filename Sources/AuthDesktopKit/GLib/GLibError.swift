import CSoup

/// A `GError` copied into Swift; the C error is freed on the way in.
///
/// `message` is GLib's text (it may name D-Bus names, paths or attribute values, never a secret we
/// pass in). Callers map it to an `AuthError` with fixed text rather than showing it.
public struct GLibError: Error, CustomStringConvertible {
  let domain: GQuark
  let code: Int32
  let message: String

  init(domain: GQuark, code: Int32, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  /// Takes ownership of `error`.
  init(taking error: UnsafeMutablePointer<GError>) {
    domain = error.pointee.domain
    code = error.pointee.code
    message = error.pointee.message.map { String(cString: $0) } ?? ""
    g_error_free(error)
  }

  /// `GError` domains are registered quarks; the name (`g-io-error-quark`, …) is fine to show.
  var domainName: String { g_quark_to_string(domain).map { String(cString: $0) } ?? "unknown" }

  func matches(_ domain: GQuark, _ code: Int32) -> Bool { self.domain == domain && self.code == code }

  public var description: String { "\(domainName) \(code): \(message)" }
}

/// Calls a GLib function that reports failure through a `GError **` out-parameter, and throws the
/// error when one was set. A result without an error (a NULL lookup) is returned as is.
@discardableResult
public func withGError<Result>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result)
  throws(GLibError)
  -> Result
{
  var error: UnsafeMutablePointer<GError>?
  let result = body(&error)
  if let error { throw GLibError(taking: error) }
  return result
}
