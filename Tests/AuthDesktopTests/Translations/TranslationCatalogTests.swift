import Foundation
import TestSupport
import Testing

/// po/: the template holds every marked message of the sources, and every language is complete,
/// keeps the placeholders (msgfmt --check: python-brace-format) and has its plural rule.
@Suite struct TranslationCatalogTests {
  static let template = Translations.po.appendingPathComponent("dev.authdesktop.AuthDesktop.pot")

  /// The plural rules of gettext's and the GNOME teams' catalogs.
  static let pluralForms = [
    "pt_BR": "nplurals=2; plural=(n > 1);", "vi": "nplurals=1; plural=0;", "id": "nplurals=1; plural=0;",
    "tr": "nplurals=2; plural=(n != 1);",
  ]

  static func withoutCreationDate(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("\"POT-Creation-Date:") }
      .joined(separator: "\n")
  }

  @Test func theTemplateIsUpToDate() async throws {
    let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString).pot")
    defer { try? FileManager.default.removeItem(at: fresh) }
    let result = try await Translations.script("extract_pot", [fresh.path])
    #expect(result.status == 0, "\(result.output)")
    let committed = try String(contentsOf: Self.template, encoding: .utf8)
    let extracted = try String(contentsOf: fresh, encoding: .utf8)
    #expect(
      Self.withoutCreationDate(committed) == Self.withoutCreationDate(extracted),
      "po/dev.authdesktop.AuthDesktop.pot is stale: run scripts/translations update")
  }

  /// xgettext reads Swift with its C parser: every `tr("…")`/`ntr("…", …)` literal of the sources must
  /// be in the template, and every source file that marks one must be in po/POTFILES.
  @Test func everyMarkedMessageIsInTheTemplate() throws {
    let root = TestServers.repositoryRoot
    let listed = Set(
      try String(contentsOf: Translations.po.appendingPathComponent("POTFILES"), encoding: .utf8)
        .split(separator: "\n").map(String.init))
    let template = try String(contentsOf: Self.template, encoding: .utf8)
    let marked = try Regex(#"\bn?tr\(\s*"((?:[^"\\\n]|\\.)*)""#)
    let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)!
    var count = 0
    for case let path as String in sources where path.hasSuffix(".swift") {
      let file = "Sources/\(path)"
      let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
      let messages = text.matches(of: marked).compactMap { $0.output[1].substring.map(String.init) }
      if !messages.isEmpty { #expect(listed.contains(file), "\(file) marks messages but is not in po/POTFILES") }
      for message in messages {
        count += 1
        #expect(
          template.contains("\nmsgid \"\(message)\"\n") || template.contains("\nmsgid_plural \"\(message)\"\n"),
          "\(file): “\(message)” is not in the template")
      }
    }
    #expect(count > 300, "only \(count) marked messages found")
  }

  @Test func linguasListsEveryCatalog() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Translations.po.path)
    let catalogs = Set(files.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) })
    #expect(Set(Translations.languages) == catalogs)
    #expect(Set(Translations.languages) == Set(Self.pluralForms.keys))
  }

  @Test(arguments: ["pt_BR", "vi", "id", "tr"])
  func theCatalogIsCompleteAndCompiles(language: String) async throws {
    let catalog = Translations.po.appendingPathComponent("\(language).po")
    let checked = try await Tool.run("msgfmt", ["--check", "--statistics", "-o", "/dev/null", catalog.path])
    #expect(checked.status == 0, "\(checked.output)")
    // "N translated messages." and nothing fuzzy or untranslated.
    #expect(checked.output.contains("translated message"), "\(checked.output)")
    #expect(!checked.output.contains("fuzzy") && !checked.output.contains("untranslated"), "\(checked.output)")
    let text = try String(contentsOf: catalog, encoding: .utf8)
    #expect(text.contains("\"Language: \(language)\\n\""))
    #expect(text.contains("\"Plural-Forms: \(Self.pluralForms[language]!)\\n\""))
    // Every message of the template is in the catalog (msgcmp: none missing, none extra).
    let compared = try await Tool.run("msgcmp", [catalog.path, Self.template.path])
    #expect(compared.status == 0, "\(compared.output)")
  }
}
