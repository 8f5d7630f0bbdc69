import Foundation

/// Exact redirect URI comparison (RFC 9700 §2.1, RFC 8252 §8.10): scheme and host without regard to
/// case, port and path byte for byte; query and fragment ignored.
enum RedirectMatching {
  static func matches(_ received: URL, _ expected: URL) -> Bool {
    guard let a = URLComponents(url: received, resolvingAgainstBaseURL: false),
      let b = URLComponents(url: expected, resolvingAgainstBaseURL: false)
    else { return false }
    return a.scheme?.lowercased() == b.scheme?.lowercased()
      && a.percentEncodedHost?.lowercased() == b.percentEncodedHost?.lowercased()
      && a.port == b.port && a.percentEncodedPath == b.percentEncodedPath && a.user == nil && a.password == nil
  }
}
