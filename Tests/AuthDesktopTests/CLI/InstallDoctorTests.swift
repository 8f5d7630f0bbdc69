import AuthEngine
import Foundation
import Testing

/// `install` registers the scheme for the user (checked with GIO itself), `doctor` reports it.
@Suite struct InstallDoctorTests {
  @Test func installRegistersTheSchemeAndDoctorSeesIt() throws {
    let cli = try CLIRunner()
    let xdg = [
      "XDG_DATA_HOME": cli.root.appendingPathComponent("xdg-data").path,
      "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path,
    ]
    let before = try cli.run(["doctor", "--json"], environment: xdg)
    #expect(before.status != 0)
    #expect(before.stdout.contains("\"fix\":\"auth-desktop install\""))

    let installed = try cli.run(["install", "--json"], environment: xdg)
    #expect(installed.status == 0, "\(installed.stderr)")
    let entry = cli.root.appendingPathComponent("xdg-data/applications/\(AppSettings.appID).desktop")
    let text = try String(contentsOf: entry, encoding: .utf8)
    #expect(text.contains("Exec=\"\(CLIRunner.binary.path)\" %u"))
    #expect(text.contains("MimeType=x-scheme-handler/\(AppSettings.defaultRedirectScheme);"))
    #expect(try Self.tool("desktop-file-validate", [entry.path], xdg).status == 0)
    let mime = try Self.tool("gio", ["mime", "x-scheme-handler/\(AppSettings.defaultRedirectScheme)"], xdg)
    #expect(mime.output.contains("\(AppSettings.appID).desktop"), "\(mime.output)")

    let after = try cli.run(["doctor", "--json"], environment: xdg)
    #expect(after.status == 0, "\(after.stdout)")
    #expect(after.json["ok"] as? Bool == true)
  }

  static func tool(_ name: String, _ arguments: [String], _ environment: [String: String]) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
