import Foundation
import TestSupport
import Testing

/// The session-bus service is started by the bus: `install` writes its service file, and the first call
/// to `dev.authdesktop.AuthDesktop.Accounts` starts the window's executable as a GApplication service
/// (no window), which answers it (docs/architecture.md, "The session-bus service").
@Suite struct AccountsServiceActivationTests {
  static let busName = "dev.authdesktop.AuthDesktop.Accounts"

  @Test func theFirstCallStartsTheWindowsProcessAsTheService() async throws {
    let cli = try CLIRunner()
    let desktop = cli.environment.merging([
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path,
      // The window's process runs on the emulator (no config.toml): on a port of its own.
      "AUTH_DESKTOP_EMULATOR_PORT": String(FreePort.next()),
    ]) { $1 }
    #expect(try await cli.run(["install"], environment: desktop).status == 0)
    let file = cli.root.appendingPathComponent("xdg-data/dbus-1/services/\(Self.busName).service")
    let contents = try String(contentsOf: file, encoding: .utf8)
    #expect(contents.contains("Name=\(Self.busName)\n"))
    #expect(contents.contains("auth-desktop-window --gapplication-service\n"), "\(contents)")

    let bus = try await PrivateSessionBus.start(environment: desktop)
    defer { bus.stop() }
    let created = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--timeout", "120", "--dest", Self.busName, "--object-path",
        "/dev/authdesktop/AuthDesktop/Accounts", "--method",
        "dev.authdesktop.AuthDesktop.WebAuthentication1.CreateSession",
        // Typed: gdbus otherwise learns the type by introspecting, which also waits for the start (25 s at
        // most; a loaded full run once took longer, and "{}" then went as a string).
        "@a{sv} {}",
      ], environment: bus.clientEnvironment)
    #expect(created.status == 0, "\(created.output)")
    #expect(created.output.contains("'http://127.0.0.1:"), "\(created.output)")
    let owner = try await Tool.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus", "--method",
        "org.freedesktop.DBus.GetConnectionUnixProcessID", Self.busName,
      ], environment: bus.clientEnvironment)
    let pid = try #require(owner.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int32($0) }.last)
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    #expect(executable.hasSuffix("/auth-desktop-window"))
    bus.stop()
    try await Poll.until("the service's process ends with its bus") { kill(pid, 0) != 0 }
  }

  /// The bus starts the window's process on a broken config.toml: it settles on its start-up error page,
  /// with no store. An app's `Accounts1` call is answered at once with `Failed` in words that name the
  /// problem and send its user to the window (not after the wait for a store still opening, whose words
  /// are others); AuthDesktop's own `token` does the work itself and prints its own error.
  @Test func aWindowOnItsErrorPageTellsTheAppWhy() async throws {
    let cli = try CLIRunner()
    let desktop = cli.environment.merging([
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path, "AUTH_DESKTOP_DEBUG": "1",
      "AUTH_DESKTOP_EMULATOR_PORT": String(FreePort.next()),
    ]) { $1 }
    #expect(try await cli.run(["install"], environment: desktop).status == 0)
    let typo = "[app]\nsecret_store = \"file\"\n[providers.\"github.com\"]\nclient_idd = \"typo\"\n"
    try Data(typo.utf8).write(to: cli.configFile)
    let bus = try await PrivateSessionBus.start(environment: desktop)
    defer { bus.stop() }
    let words = "AuthDesktop cannot use your accounts: its configuration has a problem. Open AuthDesktop to see it."
    for call in [["ListAccounts"], ["GetAccessToken", "uid-1", "@a{sv} {}"]] {
      let answer = try await Tool.run(
        "gdbus",
        [
          "call", "--session", "--timeout", "120", "--dest", Self.busName, "--object-path",
          "/dev/authdesktop/AuthDesktop/Accounts", "--method", "dev.authdesktop.AuthDesktop.Accounts1.\(call[0])",
        ] + call.dropFirst(), environment: bus.clientEnvironment)
      #expect(answer.status != 0)
      #expect(
        answer.output.contains("dev.authdesktop.AuthDesktop.Error.Failed: \(words)"),
        "\(call[0]): \(answer.output)\nthe service's log:\n\(bus.log)")
    }
    let token = try await cli.run(["token", "github.com", "--json"], environment: bus.clientEnvironment)
    #expect((token.json["error"] as? [String: Any])?["code"] as? String == "auth/invalid-configuration", "\(token)")
    #expect(!token.stderr.contains("answered by the session-bus service"), "\(token.stderr)")
  }
}
