import Foundation
import TestSupport
import Testing

/// The question the session-bus service asks, in the window's process as the bus starts it after
/// `install`, answered over AT-SPI as a user of assistive technologies would: Deny answers the app's
/// request with 1, and so does Escape; Allow opens the app's URL in the browser (a fake one that records
/// it). One at a time: each test's service is a window on the one display.
@Suite(.serialized) struct ConsentDialogTests {
  static let busName = "dev.authdesktop.AuthDesktop.Accounts"
  static let client = TestServers.repositoryRoot.appendingPathComponent("Tests/Tools/web_client.py").path

  /// A desktop of the test's own: `install` done, a browser that writes what it opens to `opened`.
  struct Desktop {
    let bus: PrivateSessionBus
    let opened: URL
    /// `XDG_DATA_HOME/applications` of the service.
    let applications: URL
    /// The test's folder.
    let root: URL

    /// `environment` adds to what the bus gives the window's process (another display).
    init(environment extra: [String: String] = [:]) async throws {
      let cli = try CLIRunner()
      let data = cli.root.appendingPathComponent("xdg-data")
      let config = cli.root.appendingPathComponent("xdg-config")
      opened = cli.root.appendingPathComponent("opened.txt")
      let browser = cli.root.appendingPathComponent("browser")
      root = cli.root
      applications = data.appendingPathComponent("applications")
      try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
      try Data("#!/bin/sh\nprintf '%s\\n' \"$1\" >> '\(opened.path)'\n".utf8).write(to: browser)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
      try Data(
        "[Desktop Entry]\nType=Application\nName=Test browser\nExec=\(browser.path) %u\nMimeType=x-scheme-handler/https;\n"
          .utf8
      ).write(to: data.appendingPathComponent("applications/test-browser.desktop"))
      try Data("[Default Applications]\nx-scheme-handler/https=test-browser.desktop\n".utf8)
        .write(to: config.appendingPathComponent("mimeapps.list"))
      // The service and atspi.py use the test session's accessibility bus: on the private bus,
      // org.a11y.Bus would start a bus and registry of its own, which outlive it.
      let desktop = cli.environment.merging([
        "XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path,
        "AT_SPI_BUS_ADDRESS": try await Self.accessibilityBus(),
        // The window's process runs on the emulator (no config.toml): on a port of its own.
        "AUTH_DESKTOP_EMULATOR_PORT": String(FreePort.next()),
      ]) { $1 }.merging(extra) { $1 }
      #expect(try await cli.run(["install"], environment: desktop).status == 0)
      bus = try await PrivateSessionBus.start(environment: desktop)
    }

    /// The address of the test session's accessibility bus (`org.a11y.Bus`, started when first asked).
    static func accessibilityBus() async throws -> String {
      let reply = try await Tool.run(
        "gdbus",
        [
          "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
          "org.a11y.Bus.GetAddress",
        ])
      try #require(reply.status == 0, "org.a11y.Bus: \(reply.output)")
      // ('unix:path=/tmp/…,guid=…',)
      return String(reply.output.split(separator: "'")[1])
    }

    /// `web_client.py respond URL [WINDOW]` in the background; its JSON line once the request is answered.
    /// With `python`, web_client.py runs on that interpreter (an app of its own to the service).
    func respond(_ url: String, window: String? = nil, python: String = "/usr/bin/python3") throws -> (Process, Pipe) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: python)
      process.arguments = [ConsentDialogTests.client, "respond", url] + (window.map { [$0] } ?? [])
      process.environment = ProcessInfo.processInfo.environment.merging(bus.clientEnvironment) { $1 }
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      return (process, output)
    }

    /// The process that owns the service's name (the window's executable the bus started).
    func servicePID() async throws -> Int32 {
      try await Poll.value("the service runs", within: .seconds(60)) {
        let owner = try await Tool.run(
          "gdbus",
          [
            "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
            "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", ConsentDialogTests.busName,
          ], environment: bus.clientEnvironment)
        return owner.status == 0
          ? owner.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }.last : nil
      }
    }

    func atspi(_ arguments: [String]) async throws -> (status: Int32, output: String) {
      try await Tool.run(
        "/usr/bin/python3", [AccessibleWindow.tool.path] + arguments, environment: bus.clientEnvironment, errors: false,
        within: .seconds(60))
    }

    /// Whether the question about `host` is on screen in process `pid`.
    func shows(host: String, in pid: Int32) async throws -> Bool {
      let shown = try await atspi(["showing", "\(pid)"])
      return shown.status == 0 && shown.output.contains(" wants to sign you in at \(host)")
    }

    /// Waits for the question about `host`; the service's process id.
    func question(host: String) async throws -> Int32 {
      let pid = try await servicePID()
      try await Poll.until("the question about \(host) is shown", within: .seconds(60)) {
        try await shows(host: host, in: pid)
      }
      return pid
    }

    /// Waits for the question about `host`, then activates the button named `button`.
    func answer(host: String, with button: String) async throws {
      let pid = try await question(host: host)
      // The heading can be on screen a moment before the buttons are.
      try await Poll.until("\(button) is activated", within: .seconds(60)) {
        try await atspi(["activate", "\(pid)", button]).status == 0
      }
    }

    /// The code of the `Response` that `respond` printed, once it ended (killed if it did not).
    static func code(_ process: Process, _ output: Pipe) async -> Int? {
      try? await Poll.until("the client is answered", within: .seconds(60)) { !process.isRunning }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      let line = output.fileHandleForReading.readDataToEndOfFile()
      return (try? JSONSerialization.jsonObject(with: line) as? [String: Any])?["code"] as? Int
    }
  }

  @Test func denyAnswersTheRequestAndAllowOpensTheURLInTheBrowser() async throws {
    let desktop = try await Desktop()
    defer { desktop.bus.stop() }
    let (denied, deniedOutput) = try desktop.respond("https://denied.example/authorize")
    defer { kill(denied.processIdentifier, SIGKILL) }
    try await desktop.answer(host: "denied.example", with: "Deny")
    #expect(await Desktop.code(denied, deniedOutput) == 1)

    let (allowed, _) = try desktop.respond("https://allowed.example/authorize?x=1")
    defer { kill(allowed.processIdentifier, SIGKILL) }
    try await desktop.answer(host: "allowed.example", with: "Allow")
    try await Poll.until("the browser opens the app's URL", within: .seconds(60)) {
      (try? String(contentsOf: desktop.opened, encoding: .utf8)) == "https://allowed.example/authorize?x=1\n"
    }
  }

  /// Escape answers as Deny does: the request's Response is 1.
  @Test func escapeDenies() async throws {
    let desktop = try await Desktop()
    defer { desktop.bus.stop() }
    let (escaped, output) = try desktop.respond("https://escaped.example/authorize")
    defer { kill(escaped.processIdentifier, SIGKILL) }
    let pid = try await desktop.question(host: "escaped.example")
    // Pressed until the question is gone: a key can arrive before the dialog takes the keyboard.
    try await Poll.until("the question answered by Escape", within: .seconds(60)) {
      _ = try await desktop.atspi(["key", "\(pid)", "Escape"])
      return try await !desktop.shows(host: "escaped.example", in: pid)
    }
    #expect(await Desktop.code(escaped, output) == 1)
    #expect((try? String(contentsOf: desktop.opened, encoding: .utf8)) == nil, "nothing opened in the browser")
  }

  /// An app that leaves the bus takes its question away.
  @Test func aLeavingAppTakesItsQuestionAway() async throws {
    let desktop = try await Desktop()
    defer { desktop.bus.stop() }
    let (leaving, _) = try desktop.respond("https://leaving.example/authorize")
    defer { kill(leaving.processIdentifier, SIGKILL) }
    let pid = try await desktop.question(host: "leaving.example")
    kill(leaving.processIdentifier, SIGKILL)
    try await offThePool { leaving.waitUntilExit() }
    try await Poll.until("the question is gone", within: .seconds(60)) {
      try await !desktop.shows(host: "leaving.example", in: pid)
    }
  }
}
