import AuthDesktopKit
import AuthDesktopShared
import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthDesktopWindow

/// A launch that cannot start gets the start-up error model (its page has no sign-in), never the
/// preview fixture, which exists only under `AUTH_DESKTOP_PREVIEW_PAGE`.
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
}
