import AuthEngine
import Foundation
import TestSupport
import Testing

/// `install` from a build copied out of its source tree (no data/ and po/ beside it) registers the
/// scheme with the same desktop entry as data/'s template, and says what it could not install, instead
/// of skipping it without a word.
@Suite struct InstallCopiedBuildTests {
  @Test func aCopiedBuildSaysWhatItSkipped() async throws {
    let cli = try CLIRunner().installedCopy(in: "portable/bin")
    let dataHome = cli.root.appendingPathComponent("xdg-data")
    let xdg = ["XDG_DATA_HOME": dataHome.path, "XDG_CONFIG_HOME": cli.root.appendingPathComponent("xdg-config").path]

    let text = try await cli.run(["install"], environment: xdg)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stderr.contains("translations, the icon and the AppStream metadata were not installed"), "\(text.stderr)")
    #expect(text.stderr.contains(cli.executable.path), "\(text.stderr)")
    let entry = dataHome.appendingPathComponent("applications/\(AppIdentity.tests.applicationID).desktop")
    #expect(FileManager.default.fileExists(atPath: entry.path))
    #expect(!FileManager.default.fileExists(atPath: dataHome.appendingPathComponent("locale").path))
    // Without data/, the entry is the one `InstallCommand` writes in English: data/'s template, line for
    // line, but for the launcher's path and the scheme.
    let template = try String(
      contentsOf: TestServers.repositoryRoot.appendingPathComponent("data/dev.authdesktop.AuthDesktop.desktop.in"),
      encoding: .utf8)
    #expect(
      Self.withoutExecAndScheme(try String(contentsOf: entry, encoding: .utf8)) == Self.withoutExecAndScheme(template))

    let json = try await cli.run(["install", "--json"], environment: xdg)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(json.json["skipped"] as? [String] == ["translations", "icon", "metainfo"], "\(json.stdout)")

    // From the build in the source tree nothing is skipped.
    let built = try await CLIRunner().run(["install", "--json"], environment: xdg)
    #expect(built.json["skipped"] == nil, "\(built.stdout)")
  }

  /// A desktop entry's lines without `Exec` and `MimeType` (which name this copy and its scheme).
  static func withoutExecAndScheme(_ entry: String) -> [String] {
    entry.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("Exec=") && !$0.hasPrefix("MimeType=") }
  }
}
