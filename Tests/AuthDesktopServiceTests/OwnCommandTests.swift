import AuthDesktopService
import Foundation
import TestSupport
import Testing

/// `GetAccessToken` and `GetIdToken` for AuthDesktop's own command line (`AccountsService+OwnCommands`),
/// driven with `gdbus`: the service here takes gdbus's executable for its own command line
/// (`Options.ownCommand`), so that the request's reading and the answer are seen from a real client.
/// `TokenServiceTests` runs the real command against the real service.
@Suite struct OwnCommandTests {
  static let method = "dev.authdesktop.AuthDesktop.Accounts1.GetIdToken"

  static func options(_ cli: CLIRunner, _ extra: String = "") -> String {
    "{'own_command': <true>, 'config': <'\(cli.configFile.path)'>, 'config_explicit': <true>, "
      + "'data_dir': <'\(cli.dataDirectory.path)'>\(extra)}"
  }

  @Test func theCommandsStoreAndAccountAreTheOnesItNames() async throws {
    let cli = try CLIRunner()
    let signedUp = try await cli.run(["sign-up-email", "own@example.com"], stdin: "correct horse battery\n")
    #expect(signedUp.status == 0, "\(signedUp.stderr)")
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny)) { $0.ownCommand = "/usr/bin/gdbus" }
    defer { harness.stop() }

    let current = try await harness.call(Self.method, "", Self.options(cli))
    #expect(current.status == 0, "\(current.output)")
    #expect(current.output.hasPrefix("('ey"), "\(current.output)")
    let named = try await harness.call(Self.method, "own@example.com", Self.options(cli))
    #expect(named.output == current.output, "the kept store mints one token")
    let expiry = try #require(current.output.split(whereSeparator: { !$0.isNumber }).last.flatMap { Double($0) })
    #expect(expiry > Date().timeIntervalSince1970)

    // Nobody of that name, or a store that cannot be opened: Failed (the command then does the work).
    let nobody = try await harness.call(Self.method, "nobody@example.com", Self.options(cli))
    #expect(nobody.output.contains("dev.authdesktop.AuthDesktop.Error.Failed"), "\(nobody.output)")
    let other = try CLIRunner()
    try FileManager.default.removeItem(at: other.configFile)
    let missing = try await harness.call(Self.method, "", Self.options(other))
    #expect(missing.output.contains("dev.authdesktop.AuthDesktop.Error.Failed"), "\(missing.output)")
  }

  @Test(arguments: [
    ("", "{'own_command': <true>, 'config': <'config.toml'>, 'data_dir': <'/tmp'>}"),
    ("", "{'own_command': <true>, 'config': <'/c.toml'>, 'data_dir': <'/tmp'>, 'emulator': <'yes'>}"),
    ("", "{'own_command': <true>, 'data_dir': <'/tmp'>}"),
    (String(repeating: "a", count: 129), "{'own_command': <true>, 'config': <'/c.toml'>, 'data_dir': <'/tmp'>}"),
  ])
  func aMalformedRequestIsRefused(account: String, options: String) async throws {
    let harness = try await ServiceHarness.start(consent: FixedConsent(.deny)) { $0.ownCommand = "/usr/bin/gdbus" }
    defer { harness.stop() }
    let answer = try await harness.call(Self.method, account, options)
    #expect(answer.output.contains("dev.authdesktop.AuthDesktop.Error.InvalidArgument"), "\(answer.output)")
  }

  /// The same request from a program that is not the service's own command line, naming a signed-in
  /// account: it is answered by its grants, and it holds none.
  @Test func anyOtherCallerIsAnsweredByItsGrants() async throws {
    let world = try await GrantWorld.make()
    let user = try await world.signIn(7, "octo")
    let harness = try await world.service(FixedConsent(.allow))
    defer { harness.stop() }
    let options = "{'own_command': <true>, 'provider': <'github.com'>, 'config': <'/c.toml'>, 'data_dir': <'/tmp'>}"
    for method in ["GetAccessToken", "GetIdToken"] {
      let answer = try await harness.call("dev.authdesktop.AuthDesktop.Accounts1.\(method)", user.uid, options)
      #expect(answer.status != 0)
      #expect(answer.output.contains("dev.authdesktop.AuthDesktop.Error.NotGranted"), "\(answer.output)")
    }
  }
}
