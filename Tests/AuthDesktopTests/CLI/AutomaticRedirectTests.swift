import AuthEngine
import Foundation
import TestSupport
import Testing

/// The automatic redirect end to end: `doctor` and `sign-in --verbose` in a private desktop, with the
/// scheme installed by this build, by another copy, or not at all, with and without a display.
@Suite struct AutomaticRedirectTests {
  static func cli() async throws -> CLIRunner {
    try CLIRunner(configuration: try await GitHubTestClient.automaticConfiguration().0)
  }

  static func redirectLine(_ doctor: CLIRunner.Result) -> String? {
    doctor.stdout.split(separator: "\n").first { $0.contains("redirect: github.com") }.map(String.init)
  }

  @Test func doctorSaysWhichRedirectAndWhy() async throws {
    let cli = try await Self.cli()
    let desktop = PrivateDesktop(root: cli.root)
    let display = desktop.environment.merging(["DISPLAY": ":5", "SSH_CONNECTION": ""]) { $1 }
    let scheme = AppIdentity.tests.redirectScheme

    let before = try await cli.run(["doctor"], environment: display)
    #expect(
      Self.redirectLine(before)
        == "ok   redirect: github.com → loopback: no program opens \(scheme): links "
        + "(auth-desktop install registers this one)",
      "\(before.stdout)")

    #expect(try await cli.run(["install"], environment: display).status == 0)
    let installed = try await cli.run(["doctor"], environment: display)
    #expect(
      Self.redirectLine(installed)
        == "ok   redirect: github.com → scheme: the desktop opens \(scheme): links with this auth-desktop",
      "\(installed.stdout)")

    // A portable copy installed itself: this build is not the one the scheme opens.
    let copy = try cli.installedCopy(in: "Downloads/auth-desktop copy")
    #expect(try await copy.run(["install"], environment: display).status == 0)
    let elsewhere = try await cli.run(["doctor"], environment: display)
    #expect(
      Self.redirectLine(elsewhere)
        == "ok   redirect: github.com → loopback: the desktop opens \(scheme): links with another copy of "
        + "auth-desktop (\(copy.executable.path)), not this auth-desktop",
      "\(elsewhere.stdout)")
    #expect(elsewhere.stdout.contains("FAIL scheme: \(scheme): opens another copy of AuthDesktop"))
    // …while for the copy it is its own.
    let fromTheCopy = try await copy.run(["doctor"], environment: display)
    #expect(Self.redirectLine(fromTheCopy)?.contains("→ scheme:") == true, "\(fromTheCopy.stdout)")
    // …unless no session bus would carry the redirect from the handler the desktop starts to this process.
    let noBus = try await copy.run(
      ["doctor"],
      environment: display.merging(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": cli.root.path]) { $1 })
    #expect(
      Self.redirectLine(noBus)
        == "ok   redirect: github.com → loopback: no session bus (DBUS_SESSION_BUS_ADDRESS): the program the desktop "
        + "starts for a \(scheme): link could not find this one",
      "\(noBus.stdout)")

    let overSSH = try await cli.run(
      ["doctor"], environment: display.merging(["SSH_CONNECTION": "10.0.0.2 50000 10.0.0.1 22"]) { $1 })
    #expect(
      Self.redirectLine(overSSH)
        == "ok   redirect: github.com → device: this is an SSH session, and the provider has the device grant",
      "\(overSSH.stdout)")
  }

  /// No display: github.com has the device grant, so the sign-in is a device sign-in (the prompt first),
  /// approved on the server's page.
  @Test func withoutADisplayGitHubSignsInWithTheDeviceGrant() async throws {
    let (configuration, base) = try await GitHubTestClient.automaticConfiguration(options: ["device_interval": 1])
    let cli = try CLIRunner(configuration: configuration)
    let waiting = try cli.start(
      ["sign-in", "github.com", "--json", "--verbose", "--timeout", "60"],
      environment: PrivateDesktop(root: cli.root).environment.merging(["DISPLAY": "", "WAYLAND_DISPLAY": ""]) { $1 })
    let line = try #require(try await waiting.firstLine())
    let prompt = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    let userCode = try #require(prompt["userCode"] as? String, "\(line)")
    try await DeviceApproval.decide(base, userCode, "approve")
    let finished = try await waiting.finish()
    #expect(finished.status == 0, "\(finished.stderr)")
    #expect(finished.stderr.contains("auth-desktop: redirect: device: there is no display"), "\(finished.stderr)")
    #expect(finished.stdout.contains("\"email\":\"octocat@example.com\""), "\(finished.stdout)")
  }

  /// A display and the scheme installed by this build: the custom scheme, said with --verbose.
  @Test func withADisplayAndTheSchemeOursTheCustomSchemeIsChosen() async throws {
    let cli = try await Self.cli()
    let desktop = PrivateDesktop(root: cli.root)
    try desktop.register(browser: "/bin/true %u")
    let environment = desktop.environment.merging(["SSH_CONNECTION": ""]) { $1 }
    #expect(try await cli.run(["install"], environment: environment).status == 0)
    let waiting = try cli.start(
      ["sign-in", "github.com", "--json", "--verbose", "--timeout", "2"], environment: environment)
    let finished = try await waiting.finish()
    #expect(
      finished.stderr.contains(
        "auth-desktop: redirect: scheme: the desktop opens \(AppIdentity.tests.redirectScheme):"),
      "\(finished.stderr)")
  }
}
