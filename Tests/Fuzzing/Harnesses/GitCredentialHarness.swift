import Foundation

@testable import AuthEngine

/// What git (or whatever runs the helper) writes to `auth-desktop git-credential`: the request read by
/// `GitCredentialRequest.parse`, its host matched against the fixtures' providers (`GitHosts`), and an
/// answer made with the request's username (`GitCredentialAnswer.lines`), as `get` does.
enum GitCredentialHarness {
  static func run(_ data: Data) {
    guard let request = try? GitCredentialRequest.parse(data) else { return }
    _ = request.description
    if let host = request.host {
      _ = GitHosts.isHost(host)
      _ = GitHosts.isLoopback(host)
      _ = GitHosts.provider(
        serving: host, protocolName: request.protocolName ?? "https", in: FuzzFixtures.configuration)
    }
    let answer = GitCredentialAnswer(
      username: request.username ?? "x-access-token", password: AccessToken(request.password?.reveal() ?? "t"),
      expiresAt: FuzzFixtures.clock.now())
    _ = try? answer.lines()
  }
}
