import AuthEngine
import Foundation
import TestSupport
import Testing

/// `install` registers the scheme for the user (checked with GIO itself), `doctor` reports it.
@Suite struct InstallDoctorTests {
  @Test func installRegistersTheSchemeAndDoctorSeesIt() async throws {
    let cli = try CLIRunner()
    let xdg = [
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path,
    ]
    let before = try await cli.run(["doctor", "--json"], environment: xdg)
    #expect(before.status != 0)
    #expect(before.stdout.contains("\"fix\":\"auth-desktop install\""))

    let installed = try await cli.run(["install", "--json"], environment: xdg)
    #expect(installed.status == 0, "\(installed.stderr)")
    let entry = cli.root.appendingPathComponent("xdg-data/applications/\(AppIdentity.tests.applicationID).desktop")
    let text = try String(contentsOf: entry, encoding: .utf8)
    // The build path has no reserved character: unquoted (Desktop Entry Specification, "The Exec key").
    #expect(text.contains("Exec=\(CLIRunner.binary.path) %u"))
    #expect(text.contains("MimeType=x-scheme-handler/\(AppIdentity.tests.redirectScheme);"))
    #expect(try await Tool.run("desktop-file-validate", [entry.path], environment: xdg).status == 0)
    let mime = try await Tool.run(
      "gio", ["mime", "x-scheme-handler/\(AppIdentity.tests.redirectScheme)"], environment: xdg)
    #expect(mime.output.contains("\(AppIdentity.tests.applicationID).desktop"), "\(mime.output)")

    let after = try await cli.run(["doctor", "--json"], environment: xdg)
    #expect(after.status == 0, "\(after.stdout)")
    #expect(after.json["ok"] as? Bool == true)
  }
}
