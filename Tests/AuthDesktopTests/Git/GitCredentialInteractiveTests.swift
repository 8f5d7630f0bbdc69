import Foundation
import TestSupport
import Testing

/// `git-credential get --interactive` with nobody signed in: over SSH without a display, it signs in
/// with the device grant, its prompt on stderr (stdout is git's), then answers with the new token.
@Suite struct GitCredentialInteractiveTests {
  @Test func overSSHItSignsInWithACodeThenAnswers() async throws {
    let workspace = try await GitWorkspace.make(automatic: true, options: ["device_interval": 1])
    let remote = try await workspace.server.repository("interactive")
    let request = "protocol=http\nhost=\(remote.host!):\(remote.port!)\n\n"
    let remoteSession = [
      "SSH_CONNECTION": "192.0.2.1 50000 192.0.2.2 22", "DISPLAY": "", "WAYLAND_DISPLAY": "",
    ]
    // Without --interactive: no answer, and nothing waits.
    let plain = try await workspace.cli.run(["git-credential", "get"], stdin: request, environment: remoteSession)
    #expect(plain.status == 0 && plain.stdout.isEmpty, "\(plain.stderr)")

    let running = try workspace.cli.start(
      ["git-credential", "get", "--interactive"], stdin: request, environment: remoteSession)
    let prompt = try await offThePool {
      running.errors.fileHandleForReading.read(until: { data in
        DeviceApproval.userCode(in: Self.words(data)) != nil
      })
    }
    let userCode = try #require(
      DeviceApproval.userCode(in: Self.words(prompt)), "\(String(decoding: prompt, as: UTF8.self))")
    try await DeviceApproval.decide(workspace.github, userCode, "approve")
    let result = try await running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let token = try await workspace.cli.run(["token", "github.com"]).stdout.trimmingCharacters(in: .newlines)
    #expect(!token.isEmpty)
    #expect(
      result.stdout.hasPrefix("username=octocat\npassword=\(token)\npassword_expiry_utc="), "\(result.stdout)")
    #expect(!String(decoding: prompt, as: UTF8.self).contains(token) && !result.stderr.contains(token))
  }

  /// What a person reads on stderr, word by word.
  static func words(_ data: Data) -> [String] {
    String(decoding: data, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).map(String.init)
  }
}
