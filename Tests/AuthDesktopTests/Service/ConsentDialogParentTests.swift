import Foundation
import TestSupport
import Testing

/// The consent dialog shows the asking app's icon, and is a child of the app's X11 window when its
/// `parent_window` names one (`WM_TRANSIENT_FOR`, read with xprop); an XID no window has leaves it a
/// dialog of its own. The X11 display is the tests' Xvfb; Wayland's `wayland:HANDLE` needs a compositor
/// with xdg_foreign, which the tests do not have.
extension ConsentDialogTests {
  /// A caller whose desktop entry names an icon: the dialog shows it, named for assistive technologies.
  @Test func theAppsIconIsShown() async throws {
    let desktop = try await Desktop()
    defer { desktop.bus.stop() }
    // web_client.py on a program of its own, which the entry runs: the entry names the app and its icon.
    let program = try Self.python(in: desktop, named: "web-client")
    try Data(
      "[Desktop Entry]\nType=Application\nName=Web client\nExec=\(program)\nIcon=accessories-text-editor\n".utf8
    ).write(to: desktop.applications.appendingPathComponent("web-client.desktop"))
    let (client, output) = try desktop.respond("https://icon.example/authorize", python: program)
    defer { kill(client.processIdentifier, SIGKILL) }
    let pid = try await desktop.question(host: "icon.example")
    let nodes = try await Self.showing(desktop, pid)
    #expect(nodes.contains(["image", "Icon of Web client"]), "\(nodes)")
    try await desktop.answer(host: "icon.example", with: "Deny")
    #expect(await Desktop.code(client, output) == 1)
  }

  /// `x11:XID` of a window on the display: the dialog's `WM_TRANSIENT_FOR` is that window. An XID no
  /// window has: no `WM_TRANSIENT_FOR`, and the question is asked all the same. The first caller's
  /// program has no desktop entry (python3 may have one): the generic icon, hidden from assistive
  /// technologies.
  @Test func theQuestionIsAChildOfTheAppsX11Window() async throws {
    let desktop = try await Desktop()
    defer { desktop.bus.stop() }
    let title = "authdesktop-parent-\(UUID().uuidString)"
    let parent = Process()
    parent.executableURL = URL(fileURLWithPath: "/usr/bin/xmessage")
    parent.arguments = ["-title", title, "the app's window"]
    try parent.run()
    defer { kill(parent.processIdentifier, SIGKILL) }
    let xid = try await Self.window(named: title)

    let (client, output) = try desktop.respond(
      "https://parented.example/authorize", window: "x11:0x\(hex(xid))",
      python: try Self.python(in: desktop, named: "no-entry"))
    defer { kill(client.processIdentifier, SIGKILL) }
    let pid = try await desktop.question(host: "parented.example")
    let dialog = try await Self.window(named: "wants to sign you in at parented\\.example")
    #expect(try await Self.transientFor(dialog) == xid)
    let nodes = try await Self.showing(desktop, pid)
    #expect(!nodes.contains { $0.first == "image" }, "\(nodes)")
    try await desktop.answer(host: "parented.example", with: "Deny")
    #expect(await Desktop.code(client, output) == 1)

    // Client ids of the X server are its high bits: 0x1ffffff0 is no window of a test's few clients.
    let (orphan, orphanOutput) = try desktop.respond("https://orphan.example/authorize", window: "x11:0x1ffffff0")
    defer { kill(orphan.processIdentifier, SIGKILL) }
    _ = try await desktop.question(host: "orphan.example")
    let unparented = try await Self.window(named: "wants to sign you in at orphan\\.example")
    #expect(try await Self.transientFor(unparented) == nil)
    try await desktop.answer(host: "orphan.example", with: "Deny")
    #expect(await Desktop.code(orphan, orphanOutput) == 1)
  }

  /// A copy of the system's python3 in the test's folder: a program no system desktop entry runs.
  static func python(in desktop: Desktop, named name: String) throws -> String {
    let copy = desktop.root.appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: "/usr/bin/python3").resolvingSymlinksInPath(), to: copy)
    return copy.path
  }

  /// The [role, name] of every node on screen in process `pid`.
  static func showing(_ desktop: Desktop, _ pid: Int32) async throws -> [[String]] {
    let shown = try await desktop.atspi(["showing", "\(pid)"])
    try #require(shown.status == 0, "\(shown.output)")
    return try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [[String]])
  }

  /// The X window whose `WM_NAME` matches `pattern` (xdotool's regular expression), once there is one.
  static func window(named pattern: String) async throws -> UInt32 {
    try await Poll.value("a window named \(pattern)", within: .seconds(60)) {
      let found = try await Tool.run("xdotool", ["search", "--name", pattern], errors: false)
      return found.output.split(separator: "\n").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces)) }.first
    }
  }

  /// The window `WM_TRANSIENT_FOR` of `xid` names (`xprop`), nil when it has none.
  static func transientFor(_ xid: UInt32) async throws -> UInt32? {
    // "WM_TRANSIENT_FOR(WINDOW): window id # 0x1600009", or "WM_TRANSIENT_FOR:  not found."
    let property = try await Tool.run("xprop", ["-id", "0x\(hex(xid))", "WM_TRANSIENT_FOR"], errors: false)
    guard let value = property.output.split(separator: "#").dropFirst().first else { return nil }
    let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
    return text.hasPrefix("0x") ? UInt32(text.dropFirst(2), radix: 16) : nil
  }
}

private func hex(_ xid: UInt32) -> String { String(xid, radix: 16) }
