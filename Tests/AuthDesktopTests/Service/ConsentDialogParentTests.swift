import Foundation
import TestSupport
import Testing

/// The consent dialog shows the asking app's icon, and is a child of the app's X11 window when its
/// `parent_window` names one (`WM_TRANSIENT_FOR`, read with xprop); an XID no window has leaves it a
/// dialog of its own. The X11 display is the tests' Xvfb; `wayland:HANDLE` is ConsentDialogWaylandTests.swift.
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
    let parent = try await X11Windows.open(title: "authdesktop-parent-\(UUID().uuidString)")
    defer { kill(parent.process.processIdentifier, SIGKILL) }

    let (client, output) = try desktop.respond(
      "https://parented.example/authorize", window: "x11:" + X11Windows.identifier(parent.xid),
      python: try Self.python(in: desktop, named: "no-entry"))
    defer { kill(client.processIdentifier, SIGKILL) }
    let pid = try await desktop.question(host: "parented.example")
    let dialog = try await X11Windows.window(named: "wants to sign you in at parented\\.example")
    #expect(try await X11Windows.transientFor(dialog) == parent.xid)
    let nodes = try await Self.showing(desktop, pid)
    #expect(!nodes.contains { $0.first == "image" }, "\(nodes)")
    try await desktop.answer(host: "parented.example", with: "Deny")
    #expect(await Desktop.code(client, output) == 1)

    // Client ids of the X server are its high bits: 0x1ffffff0 is no window of a test's few clients.
    let (orphan, orphanOutput) = try desktop.respond("https://orphan.example/authorize", window: "x11:0x1ffffff0")
    defer { kill(orphan.processIdentifier, SIGKILL) }
    _ = try await desktop.question(host: "orphan.example")
    let unparented = try await X11Windows.window(named: "wants to sign you in at orphan\\.example")
    #expect(try await X11Windows.transientFor(unparented) == nil)
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
}
