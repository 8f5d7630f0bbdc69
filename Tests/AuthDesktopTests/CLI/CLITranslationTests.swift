import AuthDesktopApp
import AuthDesktopKit
import Foundation
import TestSupport
import Testing

/// The command line in each language of po/LINGUAS (`LANGUAGE`, no locale generated), with its
/// catalogs where `install` puts them (`$XDG_DATA_HOME/locale`); codes and JSON stay as they are.
@Suite struct CLITranslationTests {
  @Test(arguments: ["pt_BR", "vi", "id", "tr"])
  func theCommandLineSpeaksTheLanguage(language: String) async throws {
    let sentences = try #require(Translations.sentences[language])
    let cli = try CLIRunner()
    let dataHome = cli.root.appendingPathComponent("xdg-data")
    try await Translations.compile(into: dataHome.appendingPathComponent("locale"))
    let environment = Translations.environment(language).merging(["XDG_DATA_HOME": dataHome.path]) { $1 }

    let status = try await cli.run(["status"], environment: environment)
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout == sentences.signedOut + "\n")

    // An error: the code stays, the words are translated.
    let token = try await cli.run(["id-token"], environment: environment)
    #expect(token.status != 0)
    #expect(
      token.stderr.hasPrefix("auth-desktop: auth/no-current-user: \(sentences.nobodySignedIn) "), "\(token.stderr)")

    // JSON is for programs: the same in every language, its sentences too (the file-store warning here).
    let json = try await cli.run(["status", "--json"], environment: environment)
    #expect(json.json["signedIn"] as? Bool == false)
    let english = try await cli.run(["status", "--json"], environment: Translations.environment("C"))
    #expect(json.stdout == english.stdout)
  }

  /// The loopback landing page speaks the process's language (`RedirectPage.translated`): in a child
  /// process, since the language is the whole process's.
  @Test(arguments: ["pt_BR", "vi", "id", "tr"])
  func theLoopbackPageSpeaksTheLanguage(language: String) async throws {
    let sentences = try #require(Translations.sentences[language])
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: catalogs) }
    try await Translations.compile(into: catalogs)
    await #expect(processExitsWith: .success) {
      [
        language = language as String, directory = catalogs.path as String,
        sentences = sentences as Translations.Sentences
      ] in
      for (name, value) in Translations.environment(language) { setenv(name, value, 1) }
      L10n.setUp(localeDirectory: directory)
      let texts = RedirectPage.translated.texts
      exit(texts.signedIn == sentences.loopbackSignedIn && texts.language == sentences.pageLanguage ? 0 : 1)
    }
  }

  /// Why a sign-in takes its redirect (`doctor`, `sign-in --verbose`) in the process's language; the
  /// redirect's name (`device`) stays as the configuration spells it.
  @Test(arguments: ["pt_BR", "vi", "id", "tr"])
  func theRedirectExplanationSpeaksTheLanguage(language: String) async throws {
    let sentences = try #require(Translations.sentences[language])
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: catalogs) }
    try await Translations.compile(into: catalogs)
    await #expect(processExitsWith: .success) {
      [language = language as String, directory = catalogs.path as String, expected = sentences.deviceOverSSH as String]
      in
      for (name, value) in Translations.environment(language) { setenv(name, value, 1) }
      L10n.setUp(localeDirectory: directory)
      let ssh = RedirectChoice.Situation(
        hasDisplay: true, isSSHSession: true, schemeOpensThisBuild: true, providerHasDeviceGrant: true,
        configured: nil, configuredDefault: .scheme, flag: nil)
      let said = RedirectChoice.choose(ssh).explanation(scheme: "x", registration: .thisApp, situation: ssh)
      exit(said == "device: \(expected)" ? 0 : 1)
    }
  }
}
