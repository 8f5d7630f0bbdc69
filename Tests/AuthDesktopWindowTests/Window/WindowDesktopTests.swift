import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import CAdwaita
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The window as part of the desktop, each in a child process with the preview model: the spinner
/// stops whenever nobody can see it, the style follows the system's dark preference, and the About
/// window shows the metainfo's newest release.
@Suite struct WindowDesktopTests {
  @Test func theSpinnerSpinsOnlyWhileItCanBeSeen() async throws {
    try await Self.inChild(page: "waiting", scenario: .spinner)
  }

  /// libadwaita's style manager (default colour scheme) follows `org.gnome.desktop.interface
  /// color-scheme`, read here from GSettings' keyfile backend (no settings portal on the test bus).
  @Test func theStyleFollowsTheSystemsDarkPreference() async throws {
    let config = FileManager.default.temporaryDirectory.appendingPathComponent("adw-style-\(UUID().uuidString)")
    try await Self.inChild(
      page: "signed-out", scenario: .darkStyle, environment: DesktopChild.keyfileEnvironment(config))
  }

  @Test func theAboutWindowShowsTheNewestRelease() async throws {
    try await Self.inChild(page: "signed-in", scenario: .about)
  }

  /// Runs the preview window of `page` in a child process with `scenario` on its GLib main actor.
  static func inChild(page: String, scenario: DesktopChild.Scenario, environment: [String: String] = [:]) async throws {
    try #require(
      !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty,
      "DISPLAY is not set: the window tests need an X display (scripts/test starts Xvfb).")
    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success) {
      [log = log as String, page = page as String, environment = environment as [String: String], scenario] in
      WindowTestChild.logFailures(to: log)
      WindowTestChild.preventBusAutolaunch()
      for (name, value) in environment { setenv(name, value, 1) }
      setenv(WindowApplication.previewPageVariable, page, 1)
      Task { @GLibMainActor in
        await DesktopChild.run(scenario)
        g_application_quit(g_application_get_default())
      }
      exit(WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel()))
    }
    WindowTestChild.reportFailure(loggedAt: log)
  }
}

@GLibMainActor
enum DesktopChild {
  enum Scenario: String, Codable, Sendable {
    case spinner, darkStyle, about
  }

  static func run(_ scenario: Scenario) async {
    switch scenario {
    case .spinner: await spinner()
    case .darkStyle: await darkStyle()
    case .about: await about()
    }
  }

  static func spinner() async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      guard let spinner = WidgetTree.all(under: window).first(where: { WidgetTree.isA($0, gtk_spinner_get_type()) })
      else { WindowTestChild.fail("spinner: none in the window") }
      let spinning = { gtk_spinner_get_spinning(OpaquePointer(spinner)) != 0 }
      try await until("spinning on the waiting page", spinning)
      gtk_widget_set_visible(window, 0)
      try await until("stopped while the window is hidden") { !spinning() }
      gtk_window_present(glibCast(window, to: GtkWindow.self))
      try await until("spinning again once shown") { spinning() }
      guard let cancel = WidgetTree.button(WindowText.cancel, in: window) else {
        WindowTestChild.fail("spinner: no Cancel button")
      }
      gtk_widget_activate(cancel)
      try await WindowTestChild.waitForPage(WindowPage.signedOut.rawValue, in: window, within: .seconds(60))
      try await until("stopped once the page is left") { !spinning() }
    } catch {
      WindowTestChild.fail("spinner: \(error)")
    }
  }

  /// GSettings' keyfile backend in `config`, with the desktop's colour scheme at `default`.
  nonisolated static func keyfileEnvironment(_ config: URL) -> [String: String] {
    ["GSETTINGS_BACKEND": "keyfile", "XDG_CONFIG_HOME": config.path]
  }

  nonisolated static func setColorScheme(_ scheme: String) throws {
    guard let config = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"] else { return }
    let folder = URL(fileURLWithPath: config).appendingPathComponent("glib-2.0/settings")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "[org/gnome/desktop/interface]\ncolor-scheme='\(scheme)'\n".write(
      to: folder.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
  }

  static func darkStyle() async {
    do {
      try setColorScheme("default")
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      let manager = adw_style_manager_get_default()
      let dark = { adw_style_manager_get_dark(manager) != 0 }
      guard adw_style_manager_get_system_supports_color_schemes(manager) != 0 else {
        WindowTestChild.fail("dark style: libadwaita sees no system colour scheme")
      }
      try await until("the light style first") { !dark() }
      try setColorScheme("prefer-dark")
      try await until("the dark style once the system prefers it", dark)
      try await WindowTestChild.settled(window)
      try WindowSnapshot.savePNG(of: window, to: try WindowTestChild.screenshotPath("window-signed-out-dark.png"))
      try setColorScheme("prefer-light")
      try await until("the light style again") { !dark() }
    } catch {
      WindowTestChild.fail("dark style: \(error)")
    }
  }

  static func about() async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      gtk_widget_activate_action_variant(window, "win.about", nil)
      var about: Widget?
      try await until("the About window") {
        about = toplevels().first { WidgetTree.isA($0, adw_about_window_get_type()) }
        return about.map { gtk_widget_get_mapped($0) != 0 } ?? false
      }
      let info = OpaquePointer(about!)
      let expected = AppIdentity.authDesktop.version
      let release = ReleaseNotes.load()?.releases.first { $0.version == expected }
      let version = adw_about_window_get_version(info).map { String(cString: $0) }
      let notes = adw_about_window_get_release_notes(info).map { String(cString: $0) }
      guard let release, version == expected, notes == release.notes, !release.notes.isEmpty else {
        WindowTestChild.fail("about: version \(version ?? "none"), notes \(notes ?? "none")")
      }
      try await WindowTestChild.settled(about!)
      try WindowSnapshot.savePNG(of: about!, to: try WindowTestChild.screenshotPath("window-about.png"))
    } catch {
      WindowTestChild.fail("about: \(error)")
    }
  }

  static func toplevels() -> [Widget] {
    let list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    return sequence(first: list, next: { $0?.pointee.next }).compactMap {
      $0?.pointee.data?.assumingMemoryBound(to: GtkWidget.self)
    }
  }

  /// Polls `condition` every 50 ms for up to 10 s.
  static func until(_ what: String, _ condition: () -> Bool) async throws {
    try await Poll.until(what, within: .seconds(60), every: .milliseconds(50)) { condition() }
  }
}
