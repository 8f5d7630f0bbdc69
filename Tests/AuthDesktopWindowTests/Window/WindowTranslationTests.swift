import AuthDesktopApp
import AuthDesktopKit
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The window of the built `auth-desktop` in each language of po/LINGUAS (`LANGUAGE`, no locale
  /// generated), read over AT-SPI: `install` compiled its catalogs into `$XDG_DATA_HOME/locale`, where
  /// the window finds them. GTK's own words come from its installed `gtk40` catalogs.
  @Suite(.serialized) struct WindowTranslationTests {
    @Test(arguments: ["pt_BR", "vi", "id", "tr"])
    func theWindowSpeaksTheLanguage(language: String) async throws {
      let sentences = try #require(Translations.sentences[language])
      try await WindowSession.with(emulator: true, browser: .record, environment: Translations.environment(language)) {
        session in
        let window = session.accessible
        try await window.waitFor("label", sentences.signInTitle)
        let nodes = try await window.nodes()
        // The page's title (the stack page), its heading and a button: the app's catalog.
        #expect(nodes.contains(.init(role: "panel", name: sentences.signInPage)), "\(nodes)")
        #expect(nodes.contains(.init(role: "push button", name: sentences.continueWithGitHub)))
        #expect(!nodes.contains(.init(role: "label", name: WindowText.signInTitle)), "the English title is still shown")
        // The title bar's buttons: GTK's own catalog (gtk40).
        #expect(nodes.contains(.init(role: "push button", name: sentences.gtkClose)), "\(nodes)")
      }
    }
  }
}
