import AuthDesktopKit
import Foundation

/// What the session-bus service reads about a caller that the caller controls: a `/.flatpak-info` (a
/// sandbox made by the caller itself can hold any file there), an AppArmor label, and the
/// `parent_window` argument.
enum CallerHarness {
  static func run(_ data: Data) {
    let input = FuzzInput(data, variants: 3)
    switch input.variant {
    case 0:
      if let id = FlatpakInfo.appID(in: input.body) { precondition(FlatpakInfo.validAppID(id)) }
    case 1:
      if let name = AppArmorLabel.snapName(input.text) { precondition(!name.isEmpty && name.count <= 51) }
    default:
      _ = ParentWindow(input.text)
    }
  }
}
