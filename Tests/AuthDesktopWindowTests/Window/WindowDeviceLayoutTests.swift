import AuthDesktopApp
import AuthDesktopKit
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The device page in the longest language (Turkish) at the window's default size (480×720), in a
/// child process with the preview model: the address stays on one line, and the Escape hint at the
/// bottom is inside the window, not scrolled off. Saves `window-device.tr.png`.
@Suite struct WindowDeviceLayoutTests {
  @Test func theDevicePageFitsInTurkish() async throws {
    try #require(ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs DISPLAY: run scripts/test")
    let path = try WindowTestChild.screenshotPath("window-device.tr.png")
    let catalogs = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: catalogs) }
    try await Translations.compile(into: catalogs)

    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success) {
      [path = path as String, log = log as String, catalogs = catalogs.path as String] in
      WindowTestChild.logFailures(to: log)
      WindowTestChild.preventBusAutolaunch()
      for (name, value) in Translations.environment("tr") { setenv(name, value, 1) }
      L10n.setUp(localeDirectory: catalogs)
      setenv(WindowApplication.previewPageVariable, WindowPage.device.rawValue, 1)
      Task { @GLibMainActor in await DeviceLayoutChild.check(savingTo: path) }
      exit(WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel()))
    }
    WindowTestChild.reportFailure(loggedAt: log)
  }
}

@GLibMainActor
enum DeviceLayoutChild {
  static func check(savingTo path: String) async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      try await WindowTestChild.settled(window)
      let labels = WidgetTree.all(under: window).filter {
        WidgetTree.isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0) != 0
      }
      let text = { (label: Widget) in String(cString: gtk_label_get_text(OpaquePointer(label))) }
      let address = WindowText.unbroken(PreviewWindowModel.devicePrompt.verificationURI.absoluteString)
      guard let body = labels.first(where: { text($0).contains(address) }) else {
        WindowTestChild.fail("device layout: no label with the address, labels: \(labels.map(text))")
      }
      guard let start = text(body).utf8.firstRange(of: address.utf8) else { WindowTestChild.fail("no address") }
      let bytes = text(body).utf8
      let first = bytes.distance(from: bytes.startIndex, to: start.lowerBound)
      let last = bytes.distance(from: bytes.startIndex, to: start.upperBound) - 1
      let layout = gtk_label_get_layout(OpaquePointer(body))
      var firstLine: Int32 = 0
      var lastLine: Int32 = 0
      pango_layout_index_to_line_x(layout, Int32(first), 0, &firstLine, nil)
      pango_layout_index_to_line_x(layout, Int32(last), 0, &lastLine, nil)
      if firstLine != lastLine {
        WindowTestChild.fail("device layout: the address is on lines \(firstLine) to \(lastLine): \(text(body))")
      }
      guard let hint = labels.first(where: { text($0) == WindowText.escapeHint }) else {
        WindowTestChild.fail("device layout: no hint “\(WindowText.escapeHint)”")
      }
      var bounds = graphene_rect_t()
      guard gtk_widget_compute_bounds(hint, window, &bounds) != 0 else { WindowTestChild.fail("no bounds") }
      let bottom = bounds.origin.y + bounds.size.height
      if bottom > Float(gtk_widget_get_height(window)) {
        WindowTestChild.fail(
          "device layout: the hint ends at \(bottom), the window at \(gtk_widget_get_height(window))")
      }
      try WindowSnapshot.savePNG(of: window, to: path)
      g_application_quit(g_application_get_default())
    } catch {
      WindowTestChild.fail("device layout: \(error)")
    }
  }
}
