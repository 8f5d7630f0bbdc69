import Foundation
import TestSupport
import Testing

/// `wayland:HANDLE` on a Wayland display: the test's own mutter (`WaylandCompositor`), where the bus starts
/// the window's process. An app's window exports its toplevel (xdg_foreign, Tests/Tools/wayland_parent.py)
/// and sends the handle; mutter then knows the question as that window's modal child and centers it over
/// it, which its placement log says. A handle nothing exported leaves the question a dialog of its own.
extension ConsentDialogTests {
  static let waylandParent = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/wayland_parent.py").path

  @Test func theQuestionIsAChildOfTheAppsWaylandWindow() async throws {
    let compositor = try await WaylandCompositor.start()
    defer { compositor.stop() }
    let wayland = ["GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": compositor.socket]
    let desktop = try await Desktop(environment: wayland)
    defer { desktop.bus.stop() }
    let (parent, handle) = try await Self.exportedWindow(desktop, wayland)
    defer { kill(parent.processIdentifier, SIGKILL) }
    #expect(compositor.centeredOverParent == 0, "\(compositor.log.suffix(2000))")

    let (client, output) = try desktop.respond("https://parented.example/authorize", window: "wayland:" + handle)
    defer { kill(client.processIdentifier, SIGKILL) }
    do {
      _ = try await desktop.question(host: "parented.example")
    } catch {
      Issue.record("the service's log:\n\(desktop.bus.log)\nmutter's:\n\(compositor.log.suffix(3000))")
      throw error
    }
    try await Poll.until("mutter centers the question over the app's window") { compositor.centeredOverParent == 1 }
    try await desktop.answer(host: "parented.example", with: "Deny")
    #expect(await Desktop.code(client, output) == 1)

    let (orphan, orphanOutput) = try desktop.respond(
      "https://orphan.example/authorize", window: "wayland:nothing-exported")
    defer { kill(orphan.processIdentifier, SIGKILL) }
    _ = try await desktop.question(host: "orphan.example")
    try await desktop.answer(host: "orphan.example", with: "Deny")
    #expect(await Desktop.code(orphan, orphanOutput) == 1)
    #expect(compositor.centeredOverParent == 1, "a question without a parent was placed as a child")
  }

  /// wayland_parent.py on the compositor; the handle it printed once its window was mapped and exported.
  static func exportedWindow(_ desktop: Desktop, _ wayland: [String: String]) async throws -> (Process, String) {
    let printed = desktop.root.appendingPathComponent("wayland-parent.txt")
    _ = FileManager.default.createFile(atPath: printed.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [waylandParent, "The app's window"]
    process.environment = ProcessInfo.processInfo.environment.merging(desktop.bus.clientEnvironment) { $1 }
      .merging(wayland) { $1 }
    process.standardOutput = try FileHandle(forWritingTo: printed)
    try process.run()
    do {
      let handle = try await Poll.value("the app's window is exported", within: .seconds(60)) {
        (try? String(contentsOf: printed, encoding: .utf8))?.split(separator: "\n").first.map(String.init)
      }
      return (process, handle)
    } catch {
      kill(process.processIdentifier, SIGKILL)
      throw error
    }
  }
}
