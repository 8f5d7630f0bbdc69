import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The About window's release notes, read from the AppStream metainfo with GLib's `GMarkup`.
@Suite struct ReleaseNotesTests {
  static let metainfo = TestServers.repositoryRoot.appendingPathComponent(
    "data/\(AppIdentity.authDesktop.applicationID).metainfo.xml")

  @Test func theNewestReleaseComesFirstWithItsDescriptionMarkup() throws {
    let notes = try #require(ReleaseNotes.parse(try String(contentsOf: Self.metainfo, encoding: .utf8)))
    let newest = try #require(notes.releases.first)
    #expect(newest.version == AppIdentity.authDesktop.version, "the metainfo lacks this version's release")
    #expect(newest.notes.hasPrefix("<p>The window follows GNOME’s design, with libadwaita:</p><ul><li>"))
    #expect(notes.releases.last?.notes == "<p>First release: the provider sign-in engine.</p>")
  }

  /// The window finds the same file beside the build (the source tree's `data/`).
  @Test func theWindowFindsTheMetainfoOfItsBuild() throws {
    let expected = ReleaseNotes.parse(try String(contentsOf: Self.metainfo, encoding: .utf8))
    #expect(ReleaseNotes.load(environment: ["XDG_DATA_DIRS": "/nonexistent"]) == expected)
  }

  /// In another language the notes come from the app's catalog (po/ holds the metainfo's paragraphs
  /// and items): in a child process, since the language is the whole process's.
  @Test func theNotesFollowTheLanguage() async throws {
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: catalogs) }
    try await Translations.compile(into: catalogs)
    await #expect(processExitsWith: .success) { [catalogs = catalogs.path as String] in
      for (name, value) in Translations.environment("pt_BR") { setenv(name, value, 1) }
      L10n.setUp(localeDirectory: catalogs)
      let notes = ReleaseNotes.parse((try? String(contentsOf: Self.metainfo, encoding: .utf8)) ?? "")
      let newest = notes?.releases.first?.notes ?? ""
      exit(
        newest.hasPrefix("<p>A janela segue o design do GNOME, com a libadwaita:</p><ul><li>Crie uma conta")
          ? 0 : 1)
    }
  }

  @Test func onlyTheReleasesDescriptionsAndNoTranslations() throws {
    let xml = """
      <component><description><p>About the app</p></description>
      <releases><release version="2.0" date="2026-01-02"><description>
        <p>Fixes  <em>two</em>
           bugs &amp; more</p>
        <p xml:lang="pt_BR">Corrige</p>
      </description></release></releases></component>
      """
    let notes = try #require(ReleaseNotes.parse(xml))
    #expect(
      notes.releases == [.init(version: "2.0", date: "2026-01-02", notes: "<p>Fixes <em>two</em> bugs &amp; more</p>")])
  }

  @Test func aBrokenDocumentIsNone() {
    #expect(ReleaseNotes.parse("<component><releases><release version=\"1\"></releases>") == nil)
  }
}
