import AuthDesktopApp
import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// The window's launch: one that cannot start gets the start-up error model (its page has no sign-in),
/// never the preview fixture, which exists only under `AUTH_DESKTOP_PREVIEW_PAGE`; one that can has read
/// who is signed in before the window needs it.
@Suite struct WindowLaunchTests {
  @Test func aBrokenConfigurationGivesTheStartUpErrorNotThePreview() async throws {
    let cli = try CLIRunner(configuration: "[providers.\"github.com\"]\nclient_idd = \"typo\"\n")
    let paths = ConfigurationPaths(
      configFlag: cli.configFile.path, dataDirFlag: cli.dataDirectory.path, environment: [:])
    let model = await WindowLaunch.makeModel(paths: paths, emulator: false)
    #expect(!(model is PreviewWindowModel))
    let startup = try #require(model as? StartupErrorModel)
    guard case .unavailable(let problem) = startup.state else {
      Issue.record("state \(startup.state)")
      return
    }
    #expect(problem.code == .invalidConfiguration)
    #expect(problem.location?.contains(cli.configFile.path) == true)
    #expect(problem.location?.contains("client_idd") == true)
  }

  /// The launch reads who is signed in while GTK starts, so the window's first page is the right one
  /// (`.loading` until then): nobody in a new data directory, the account once one has signed up.
  @Test func theLaunchReadsWhoIsSignedInBeforeTheWindow() async throws {
    let cli = try CLIRunner()
    let paths = ConfigurationPaths(
      configFlag: cli.configFile.path, dataDirFlag: cli.dataDirectory.path, environment: [:])
    #expect(try await WindowLaunch.prepare(paths: paths, emulator: false).value.currentUser == nil)
    let created = try await cli.run(["sign-up-email", "ada@example.com", "--json"], stdin: "correct horse battery\n")
    #expect(created.status == 0, "\(created.stderr)")
    let user = try await WindowLaunch.prepare(paths: paths, emulator: false).value.currentUser
    #expect(user?.email == "ada@example.com")
  }
}
