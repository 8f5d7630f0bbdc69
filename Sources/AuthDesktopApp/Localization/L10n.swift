import CIntl
import Foundation

/// The app's translations: gettext catalogs (`po/`, compiled to `LANG/LC_MESSAGES/DOMAIN.mo`) read
/// by glibc's libintl. Both executables call `setUp` first; the words are marked with `tr` and `ntr`
/// (the keywords `po/extract` gives xgettext). Placeholders are `{name}`, filled after translation.
public enum L10n {
  /// The text domain: the app id (the `.mo` files' name).
  public static let domain = "dev.authdesktop.AuthDesktop"

  /// Takes the language from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`) and binds
  /// the domain to `localeDirectory`, or else to the first of `catalogDirectories` that holds a
  /// catalog. Without one, every `tr` returns its English message. `translating: false` (`--json`:
  /// output for programs) sets the messages' locale to C, under which gettext translates nothing (nor
  /// reads `LANGUAGE`), also after a call that translates.
  public static func setUp(
    localeDirectory: String? = nil, translating: Bool = true,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    guard translating else {
      setlocale(LC_MESSAGES, "C")
      return
    }
    setlocale(LC_ALL, "")
    if let directory = localeDirectory ?? catalogDirectories(environment: environment).first(where: holdsCatalog) {
      bindtextdomain(domain, directory)
    }
    bind_textdomain_codeset(domain, "UTF-8")
    textdomain(domain)
  }

  /// Where catalogs may be, in order: the installed prefix's (`PREFIX/bin/auth-desktop` next to
  /// `PREFIX/share/locale`), the user's (`$XDG_DATA_HOME/locale`, where `auth-desktop install` puts
  /// them), and the build's (`.build/debug/locale`, compiled by `scripts/test` and `po/compile`).
  public static func catalogDirectories(
    executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
    environment: [String: String]
  ) -> [String] {
    let folder = executable.deletingLastPathComponent()
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    return [
      folder.deletingLastPathComponent().appendingPathComponent("share/locale").path, dataHome + "/locale",
      folder.appendingPathComponent("locale").path,
    ]
  }

  /// Whether `directory` has this domain's catalog for at least one language.
  static func holdsCatalog(_ directory: String) -> Bool {
    let languages = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return languages.contains {
      FileManager.default.fileExists(atPath: "\(directory)/\($0)/LC_MESSAGES/\(domain).mo")
    }
  }

  /// `template` with each `{name}` replaced by `values[name]`, in one pass (a value that itself holds
  /// `{…}` stays as it is). Unknown names stay too.
  public static func fill(_ template: String, _ values: [String: String]) -> String {
    var result = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      guard let close = rest[open...].firstIndex(of: "}") else { break }
      let name = String(rest[rest.index(after: open)..<close])
      result += values[name] ?? String(rest[open...close])
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }
}

/// `message` in the user's language, its `{name}` placeholders filled from `values`.
public func tr(_ message: String, _ values: [String: String] = [:]) -> String {
  // Untranslated, gettext returns the pointer it was given: read it while that C string lives.
  let translated = message.withCString { String(cString: dgettext(L10n.domain, $0)) }
  return values.isEmpty ? translated : L10n.fill(translated, values)
}

/// The form of `singular`/`plural` for `count` in the user's language (its plural rule), with
/// `{count}` and the `{name}` placeholders of `values` filled.
public func ntr(_ singular: String, _ plural: String, _ count: Int, _ values: [String: String] = [:]) -> String {
  let translated = singular.withCString { one in
    plural.withCString { many in String(cString: dngettext(L10n.domain, one, many, UInt(max(count, 0)))) }
  }
  return L10n.fill(translated, values.merging(["count": String(count)]) { old, _ in old })
}
