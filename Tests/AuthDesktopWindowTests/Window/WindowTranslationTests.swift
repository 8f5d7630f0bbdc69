import AuthDesktopKit
import AuthDesktopShared
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

extension SessionBusSuites {
  /// The window of the built `auth-desktop` in each language of po/LINGUAS (`LANGUAGE`, no locale
  /// generated), read over AT-SPI: `install` compiled its catalogs into `$XDG_DATA_HOME/locale`, where
  /// the window finds them.
  @Suite(.serialized) struct WindowTranslationTests {
    @Test(arguments: ["pt_BR", "vi", "id", "tr"])
    func theWindowSpeaksTheLanguage(language: String) async throws {
      let sentences = try #require(Translations.sentences[language])
      try await WindowSession.with(emulator: true, browser: .record, environment: Translations.environment(language)) {
        session in
        let window = session.accessible
        try await window.waitFor("label", sentences.signInTitle)
        #expect(await window.shows("push button", sentences.continueWithGitHub))
        #expect(!(await window.shows("label", WindowText.signInTitle)), "the English title is still shown")
      }
    }
  }
}
