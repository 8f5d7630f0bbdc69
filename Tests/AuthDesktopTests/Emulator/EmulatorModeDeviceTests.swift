import AuthEngine
import Foundation
import TestSupport
import Testing

/// `auth-desktop --emulator sign-in PROVIDER --device`: the engine's device grant against the
/// emulator's (RFC 8628), offline, with the user played at the emulator's device page — with the local
/// store and with a `[firebase]` table (the emulator's Identity Toolkit).
@Suite struct EmulatorModeDeviceTests {
  /// The command line polls in real time (its clock is the system's): one second, not the emulator's
  /// default five, between the approval and the poll that sees it.
  static let oneSecondPolls = ["--device-interval", "1"]

  /// Starts the device sign-in, approves at the page as `identity`, and returns the command's result.
  static func signIn(_ setup: EmulatorModeSetup, _ provider: String, as identity: String) async throws
    -> CLIRunner.Result
  {
    let running = try setup.cli.start(
      ["sign-in", provider, "--device", "--json", "--emulator"], environment: setup.environment)
    let line = try #require(try await running.firstLine())
    let prompt = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let page = try #require((prompt["verificationURI"] as? String).flatMap(URL.init(string:)))
    #expect(page.port == Int(setup.port))
    let userCode = try #require(prompt["userCode"] as? String)
    // OpenID Connect sends the address with the code in it (§3.3.1); GitHub does not.
    let complete = (prompt["verificationURIComplete"] as? String).flatMap(URL.init(string:))
    #expect((complete != nil) == provider.hasPrefix("oidc."))
    let answered = try await Browser.approveDevice(
      complete ?? page, userCode: complete == nil ? userCode : nil, as: identity)
    #expect(answered.contains("Approved — you can close this tab"))
    return try await running.finish()
  }

  @Test(arguments: ["github.com", "oidc.emulator"])
  func signsInOnTheEmulatorsDevicePage(provider: String) async throws {
    let setup = try EmulatorModeSetup()
    let emulator = try await setup.startEmulator(Self.oneSecondPolls)
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let result = try await Self.signIn(setup, provider, as: EmulatorModeSetup.seededIdentity[provider]!)
    #expect(result.status == 0, "\(result.stderr)")
    let signedIn = try #require(
      result.stdout.split(separator: "\n").last.flatMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      })
    #expect(signedIn["signedIn"] as? Bool == true && signedIn["isNewUser"] as? Bool == true)
    await #expect(try setup.providers() == [provider])
  }

  @Test func signsInToTheFirebaseProjectOffline() async throws {
    let setup = try EmulatorModeSetup(configuration: EmulatorFirebaseModeTests.table)
    let emulator = try await setup.startEmulator(Self.oneSecondPolls)
    defer { kill(emulator.process.processIdentifier, SIGKILL) }
    let result = try await Self.signIn(setup, "github.com", as: EmulatorModeSetup.seededIdentity["github.com"]!)
    #expect(result.status == 0, "\(result.stderr)")
    let status = try await setup.run(["status", "--json"])
    #expect((status.json["firebase"] as? [String: Any])?["emulatorHost"] as? String == "127.0.0.1:\(setup.port)")
    await #expect(try setup.providers() == ["github.com"])
  }
}
