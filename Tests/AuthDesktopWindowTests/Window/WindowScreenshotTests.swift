import AuthDesktopApp
import AuthDesktopKit
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// Shows each page of the window (`AUTH_DESKTOP_PREVIEW_PAGE`) in a child process on a real display
/// (Xvfb under `scripts/test`), saves a PNG of it into `$AUTH_DESKTOP_SCREENSHOT_DIR` (default: a temp
/// dir) and checks the PNG. A child process per page: GTK can be initialised once per process, and a
/// `GtkApplication` runs once.
@Suite struct WindowScreenshotTests {
  @Test(arguments: WindowPage.allCases.map(\.rawValue))
  func screenshot(page: String) async throws {
    let display = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    try #require(
      !display.isEmpty,
      """
      DISPLAY is not set: the window tests need an X display. Run scripts/test (it starts Xvfb), or \
      `Xvfb :77 -screen 0 1280x800x24 & DISPLAY=:77 swift test --filter WindowScreenshotTests`.
      """)
    let path = try WindowTestChild.screenshotPath("window-\(page).png")
    try? FileManager.default.removeItem(atPath: path)

    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success, "the window of page \(page) was saved") {
      [page = page as String, path = path as String, log = log as String] in
      WindowTestChild.logFailures(to: log)
      setenv(WindowApplication.previewPageVariable, page, 1)
      exit(WindowTestChild.run(savingTo: path))
    }
    WindowTestChild.reportFailure(loggedAt: log)

    try Self.checkPNG(at: path)
  }

  /// The signed-out page in each language of po/LINGUAS, as `window-signed-out.LANG.png`: the child
  /// takes the language from `LANGUAGE` and the catalogs compiled here (`L10n.setUp`).
  @Test(arguments: ["pt_BR", "vi", "id", "tr"])
  func screenshotInLanguage(language: String) async throws {
    try #require(ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs DISPLAY: run scripts/test")
    let path = try WindowTestChild.screenshotPath("window-\(WindowPage.signedOut.rawValue).\(language).png")
    try? FileManager.default.removeItem(atPath: path)
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: catalogs) }
    try await Translations.compile(into: catalogs)

    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success, "the window in \(language) was saved") {
      [language = language as String, path = path as String, log = log as String, catalogs = catalogs.path as String] in
      WindowTestChild.logFailures(to: log)
      for (name, value) in Translations.environment(language) { setenv(name, value, 1) }
      L10n.setUp(localeDirectory: catalogs)
      let expected = Translations.sentences[language]?.signInTitle
      if WindowText.signInTitle != expected {
        WindowTestChild.fail("the title is “\(WindowText.signInTitle)”, not “\(expected ?? "?")”")
      }
      setenv(WindowApplication.previewPageVariable, WindowPage.signedOut.rawValue, 1)
      exit(WindowTestChild.run(savingTo: path))
    }
    WindowTestChild.reportFailure(loggedAt: log)
    try Self.checkPNG(at: path)
  }

  static func checkPNG(at path: String) throws {
    let png = try #require(FileManager.default.contents(atPath: path), "no screenshot at \(path)")
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    try #require(png.count > 24 && Array(png.prefix(8)) == signature, "\(path) is not a PNG")
    let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect(width >= 360 && height >= 480, "\(path) is \(width)×\(height)")
    // A blank window of that size compresses to a few kB; text and controls make it much larger.
    #expect(png.count > 15_000, "\(path) has only \(png.count) bytes")
  }
}
