/// The `parent_window` argument, as xdg-desktop-portal's window identifiers: empty (no parent), `x11:XID`
/// (the XID in hexadecimal) or `wayland:HANDLE` (an `xdg_foreign` export handle: up to 255 printable ASCII
/// characters, space included, as mutter makes them). Anything else is refused
/// with `InvalidArgument`. A well-formed identifier is only a hint for where to show the question: it
/// proves nothing about the caller, who is identified by the bus (`CallerIdentity`).
public enum ParentWindow: Sendable, Equatable {
  case unset
  case x11(UInt64)
  case wayland(String)

  /// Parses `text`; nil for a malformed identifier.
  public init?(_ text: String) {
    if text.isEmpty {
      self = .unset
    } else if text.hasPrefix("x11:") {
      var digits = text.dropFirst(4)
      if digits.hasPrefix("0x") { digits = digits.dropFirst(2) }
      guard (1...16).contains(digits.count), let xid = UInt64(digits, radix: 16), xid != 0 else { return nil }
      self = .x11(xid)
    } else if text.hasPrefix("wayland:") {
      let handle = text.dropFirst(8)
      guard (1...255).contains(handle.utf8.count),
        handle.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
      else { return nil }
      self = .wayland(String(handle))
    } else {
      return nil
    }
  }
}
