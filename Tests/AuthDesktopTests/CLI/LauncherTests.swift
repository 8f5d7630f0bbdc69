import Foundation
import TestSupport
import Testing

/// `auth-desktop`, the launcher (Sources/AuthDesktopLauncher): it becomes `auth-desktop-window` with no
/// arguments and a display (the window suites start it so), and `auth-desktop-cli`, found beside its
/// own resolved path, for everything else.
@Suite struct LauncherTests {
  @Test func withoutADisplayTheCommandLineSaysSo() async throws {
    let cli = try CLIRunner()
    let result = try await cli.run([], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "LANGUAGE": "en"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("the window needs a display"), "\(result.stderr)")
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
