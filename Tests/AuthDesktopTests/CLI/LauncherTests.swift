import Foundation
import TestSupport
import Testing

/// `auth-desktop`, the launcher (Sources/AuthDesktop): it becomes `auth-desktop-window` with no
/// arguments (the window suites start it so), and `auth-desktop-cli`, found beside its own resolved
/// path, for everything else; the command line hands only global options to the window in turn.
@Suite struct LauncherTests {
  @Test(arguments: [[], ["--emulator"]])
  func withoutADisplayTheWindowSaysSo(arguments: [String]) async throws {
    let cli = try CLIRunner()
    let result = try await cli.run(arguments, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "LANGUAGE": "en"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "auth-desktop: the window needs a display (DISPLAY or WAYLAND_DISPLAY); see “auth-desktop --help”.\n",
      "\(result.stderr)")
  }

  @Test func aLinkElsewhereFindsTheProgramsBesideTheFile() async throws {
    let cli = try CLIRunner()
    let bin = cli.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let link = bin.appendingPathComponent("auth-desktop")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLIRunner.binary)
    var linked = cli
    linked.executable = link
    let result = try await linked.run(["status", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.json["signedIn"] as? Bool == false)
  }

  @Test func withoutTheCommandLineBesideItTheErrorNamesWhatIsMissing() async throws {
    let cli = try CLIRunner()
    let alone = cli.root.appendingPathComponent("alone")
    try FileManager.default.createDirectory(at: alone, withIntermediateDirectories: true)
    try CLIRunner.placeProgram("auth-desktop", in: alone)
    var lonely = cli
    lonely.executable = alone.appendingPathComponent("auth-desktop")
    let result = try await lonely.run(["status"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "auth-desktop: cannot start \(alone.path)/auth-desktop-cli: No such file or directory\n",
      "\(result.stderr)")
  }
}
