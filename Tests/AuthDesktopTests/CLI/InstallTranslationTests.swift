import AuthEngine
import Foundation
import TestSupport
import Testing

/// The translations outside the program: `install` compiles the catalogs where the program finds them,
/// and data/ holds the desktop entry and AppStream metadata merged from their templates (data/*.in).
@Suite struct InstallTranslationTests {
  @Test func installPutsTheCatalogsAndTheTranslatedEntryInPlace() async throws {
    let cli = try CLIRunner()
    let dataHome = cli.root.appendingPathComponent("xdg-data")
    let xdg = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path]
    let installed = try await cli.run(["install"], environment: xdg)
    #expect(installed.status == 0, "\(installed.stderr)")

    let entry = try String(
      contentsOf: dataHome.appendingPathComponent("applications/\(AppIdentity.tests.applicationID).desktop"),
      encoding: .utf8)
    // The build path has no reserved character: unquoted (as in InstallDoctorTests).
    #expect(entry.contains("Exec=\(CLIRunner.binary.path) %u"), "\(entry)")
    for language in Translations.languages {
      let catalog = dataHome.appendingPathComponent("locale/\(language)/LC_MESSAGES/dev.authdesktop.AuthDesktop.mo")
      #expect(FileManager.default.fileExists(atPath: catalog.path), "no \(catalog.path)")
      #expect(installed.stdout.contains(catalog.path))
      let comment = try #require(Translations.sentences[language]).desktopComment
      #expect(entry.contains("\nComment[\(language)]=\(comment)\n"), "\(entry)")
      #expect(entry.contains("\nName[\(language)]=AuthDesktop\n"))
    }
  }

  /// data/'s desktop entry and metadata are what msgfmt merges from data/*.in and po/ now (they are
  /// committed so that they validate and install without gettext).
  @Test func dataHoldsTheMergedFiles() async throws {
    let merged = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: merged, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: merged) }
    let result = try await Translations.script("merge_data", [merged.path])
    #expect(result.status == 0, "\(result.output)")
    for file in ["dev.authdesktop.AuthDesktop.desktop", "dev.authdesktop.AuthDesktop.metainfo.xml"] {
      let committed = try Data(contentsOf: TestServers.repositoryRoot.appendingPathComponent("data/\(file)"))
      #expect(
        try Data(contentsOf: merged.appendingPathComponent(file)) == committed,
        "data/\(file) is not what po/ merges: run scripts/translations update")
    }
  }
}
