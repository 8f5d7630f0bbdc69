import AuthDesktopApp
import AuthDesktopKit
import CAdwaita
import CGtk
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopService
@testable import AuthDesktopWindow

/// The session-bus service's question (`ConsentDialog`) over the preview's signed-in window, in a child
/// process as `WindowScreenshotTests` does: an unsandboxed "Notes" (named by its desktop entry, which
/// gives it an icon) asks to sign in at github.com (`window-consent.png`), and to use a GitHub account,
/// one of two (`window-consent-account.png`); the dialog alone.
@Suite struct ConsentDialogScreenshotTests {
  @Test(arguments: ["window-consent", "window-consent-account"])
  func theQuestionIsPhotographed(name: String) async throws {
    try #require(ProcessInfo.processInfo.environment["DISPLAY"]?.isEmpty == false, "needs DISPLAY: run scripts/test")
    let path = try WindowTestChild.screenshotPath("\(name).png")
    try? FileManager.default.removeItem(atPath: path)
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("auth-desktop-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    try FileManager.default.createDirectory(
      at: data.appendingPathComponent("applications"), withIntermediateDirectories: true)
    // GIO reads an entry only when its program exists.
    let program = data.appendingPathComponent("notes")
    try Data("#!/bin/sh\n".utf8).write(to: program)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
    try Data("[Desktop Entry]\nType=Application\nName=Notes\nExec=\(program.path)\nIcon=accessories-text-editor\n".utf8)
      .write(to: data.appendingPathComponent("applications/notes.desktop"))

    let log = WindowTestChild.newLog()
    await #expect(processExitsWith: .success) {
      [path = path as String, log = log as String, data = data.path as String, name = name as String] in
      WindowTestChild.logFailures(to: log)
      WindowTestChild.preventBusAutolaunch()
      setenv("XDG_DATA_HOME", data, 1)
      setenv(WindowApplication.previewPageVariable, WindowPage.signedIn.rawValue, 1)
      let account = name.hasSuffix("account")
      Task { @GLibMainActor in await ConsentScreenshotChild.capture(account: account, to: path) }
      exit(WindowApplication.run(arguments: ["auth-desktop"], model: PreviewWindowModel()))
    }
    WindowTestChild.reportFailure(loggedAt: log)
    let png = try #require(FileManager.default.contents(atPath: path), "no screenshot at \(path)")
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(path) is not a PNG")
    // A blank dialog compresses to a few kB; its words and buttons make it larger.
    #expect(png.count > 10_000, "\(path) has only \(png.count) bytes")
  }
}

@GLibMainActor
enum ConsentScreenshotChild {
  /// Notes, the program in `XDG_DATA_HOME` that its desktop entry names.
  static var notes: CallerIdentity {
    let program = ProcessInfo.processInfo.environment["XDG_DATA_HOME", default: ""] + "/notes"
    return CallerIdentity(
      processID: 1, userID: getuid(), kind: .unsandboxed(executable: program, desktopEntry: "notes.desktop"))
  }

  /// Notes asks to sign in at github.com, or (`account`) to use one of two GitHub accounts.
  static func question(account: Bool) -> ConsentQuestion {
    guard account else {
      return ConsentQuestion.webSignIn(caller: notes, host: "github.com", parentWindow: .unset, activationToken: nil)
    }
    let accounts = AccountQuestion(
      providerID: "github.com", providerName: "GitHub", scopes: ["read:user", "repo"],
      candidates: [
        ConsentAccount(uid: "1", email: "ada@example.com", displayName: "Ada Lovelace", login: "ada"),
        ConsentAccount(uid: "2", email: "ada@work.example", displayName: nil, login: "ada-at-work"),
      ])
    return ConsentQuestion.account(caller: notes, question: accounts, parentWindow: .unset, activationToken: nil)
  }

  static func capture(account: Bool, to path: String) async {
    do {
      let window = try await WindowTestChild.mappedWindow(within: .seconds(20))
      try await WindowTestChild.settled(window)
      let question = question(account: account)
      if !question.title.hasPrefix("Notes wants to ") {
        WindowTestChild.fail("asked: \(question.title)")
      }
      let address = UInt(bitPattern: window)
      Task { @GLibMainActor in _ = await ConsentDialog { Widget(bitPattern: address) }.decide(question) }
      let dialog = try await Poll.value("the question shown", within: .seconds(60), every: .milliseconds(50)) {
        shownDialog()
      }
      try await WindowTestChild.settled(dialog)
      try WindowSnapshot.savePNG(of: dialog, to: path)
      g_application_quit(g_application_get_default())
    } catch {
      WindowTestChild.fail("consent dialog screenshot: \(error)")
    }
  }

  /// The mapped `AdwMessageDialog`, once there is one.
  static func shownDialog() -> Widget? {
    let toplevels = gtk_window_list_toplevels()
    defer { g_list_free(toplevels) }
    var item = toplevels
    while let node = item {
      let widget = node.pointee.data.assumingMemoryBound(to: GtkWidget.self)
      if WidgetTree.isA(widget, adw_message_dialog_get_type()) && gtk_widget_get_mapped(widget) != 0 { return widget }
      item = node.pointee.next
    }
    return nil
  }
}
