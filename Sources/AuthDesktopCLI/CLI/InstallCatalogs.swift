import AuthDesktopApp
import Foundation

extension DesktopIntegration {
  /// Compiles the translations of the source tree (`po/LANG.po` for each language of `po/LINGUAS`)
  /// into `$XDG_DATA_HOME/locale/LANG/LC_MESSAGES/`, where `L10n.setUp` finds them. Nothing without
  /// the source tree.
  func installCatalogs() throws -> [String] {
    guard let po = Self.dataDirectory()?.deletingLastPathComponent().appendingPathComponent("po"),
      let list = try? String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)
    else { return [] }
    let languages = list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    return try languages.map { language in
      let folder = dataHome.appendingPathComponent("locale/\(language)/LC_MESSAGES")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let catalog = folder.appendingPathComponent("\(L10n.domain).mo")
      try Self.runTool("msgfmt", ["-o", catalog.path, po.appendingPathComponent("\(language).po").path])
      return catalog.path
    }
  }
}
