import CGio
import Foundation

/// A Flatpak app's metadata file, `/.flatpak-info` inside its sandbox, which a service outside reads as
/// `/proc/PID/root/.flatpak-info` (as xdg-desktop-portal does): a GLib key file whose `[Application]`
/// group's `name` is the app ID. Flatpak writes it and the app cannot change it (it is mounted read-only
/// over the sandbox's root). Read with GLib's `GKeyFile`, the format's own parser.
public enum FlatpakInfo {
  /// Bigger than any real one (a few hundred bytes): the rest is not read.
  public static let maximumSize = 64 * 1024

  /// The app ID the file names, or nil when it is not a key file, has no `[Application] name`, or the
  /// name is not a valid app ID (`validAppID`).
  public static func appID(in data: Data) -> String? {
    guard data.count <= maximumSize, !data.contains(0) else { return nil }
    let file = g_key_file_new()
    defer { g_key_file_unref(file) }
    let loaded = data.withUnsafeBytes { bytes -> Bool in
      let text = bytes.bindMemory(to: CChar.self)
      return
        (try? withGError { g_key_file_load_from_data(file, text.baseAddress, gsize(text.count), G_KEY_FILE_NONE, $0) })
        == 1
    }
    guard loaded, let value = try? withGError({ g_key_file_get_string(file, "Application", "name", $0) }) else {
      return nil
    }
    defer { g_free(value) }
    let name = String(cString: value)
    return validAppID(name) ? name : nil
  }

  /// Flatpak's rule for an app ID (a D-Bus well-known name's): at most 255 characters, at least three
  /// elements separated by `.`, each non-empty, of ASCII letters, digits, `_` and `-` (not the last
  /// element's), not starting with a digit.
  public static func validAppID(_ name: String) -> Bool {
    let elements = name.split(separator: ".", omittingEmptySubsequences: false)
    guard name.utf8.count <= 255, elements.count >= 3 else { return false }
    for (index, element) in elements.enumerated() {
      guard let first = element.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
      let allowsHyphen = index < elements.count - 1
      for scalar in element.unicodeScalars {
        let ok =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
          || scalar == "_" || (allowsHyphen && scalar == "-")
        if !ok { return false }
      }
    }
    return true
  }
}
