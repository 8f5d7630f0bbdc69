import AuthEngine
import Foundation
import TestSupport
import Testing

/// The command line against the Authlib GitHub-like server: a custom-scheme redirect delivered to a
/// fresh `auth-desktop URI` process (no window, no display needed), and the loopback redirect received
/// by the waiting `sign-in` process itself.
@Suite struct CLIProviderFlowTests {
  static let schemeRedirect = "\(AppSettings.defaultRedirectScheme):/oauth2redirect/github.com"

  func client(redirect: String) async throws -> (CLIRunner, URL) {
    let base = try await TestServers.shared.start().github
    let client = try await Control.post(base.appendingPathComponent("_test/clients"), ["redirect_uris": [redirect]])
    let configuration = """
      [providers."github.com"]
      client_id = "\(client["client_id"] as! String)"
      client_secret = "\(client["client_secret"] as! String)"
      authorization_endpoint = "\(base)/login/oauth/authorize"
      token_endpoint = "\(base)/login/oauth/access_token"
      api_base_url = "\(base)"
      \(redirect.hasPrefix("http:") ? "redirect = \"loopback\"" : "")
      """
    return (try CLIRunner(configuration: configuration), base)
  }

  /// Plays the browser: the raw `Location` of the authorization endpoint's answer.
  static func browse(_ url: URL) async throws -> URL {
    let response = try await URLSessionTransport(timeout: 10).send(HTTPRequest(url: url))
    return try #require(response.header("location").flatMap(URL.init(string:)))
  }

  static func authorizationURL(_ firstLine: Substring?) throws -> URL {
    let line = try #require(firstLine)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    return try #require((object["authorizationURL"] as? String).flatMap(URL.init(string:)))
  }

  @Test func customSchemeRedirectCompletesInAFreshProcess() async throws {
    let (cli, _) = try await client(redirect: Self.schemeRedirect)
    let started = try cli.run(["sign-in", "github.com", "--no-browser", "--no-wait", "--json"])
    #expect(started.status == 0, "\(started.stderr)")
    let redirect = try await Self.browse(try Self.authorizationURL(started.stdout.split(separator: "\n").first))
    let delivered = try cli.run([redirect.absoluteString, "--json"])
    #expect(delivered.status == 0, "\(delivered.stderr)")
    #expect(delivered.json["isNewUser"] as? Bool == true)
    let status = try cli.run(["status", "--json"])
    let user = try #require(status.json["user"] as? [String: Any])
    #expect(user["email"] as? String == "octocat@example.com")
    #expect((user["providerData"] as? [[String: Any]])?.first?["uid"] as? String == "1001")
    let token = try cli.run(["token", "github.com", "--json"])
    #expect((token.json["accessToken"] as? String)?.hasPrefix("gho_") == true)
    // The same redirect again: single use.
    let replay = try cli.run([redirect.absoluteString, "--json"])
    #expect(replay.status != 0)
    #expect((replay.json["error"] as? [String: Any])?["code"] as? String == "auth/no-pending-authorization")
  }

  @Test func loopbackRedirectIsReceivedByTheWaitingProcess() async throws {
    let (cli, _) = try await client(redirect: "http://127.0.0.1/oauth2redirect/github.com")
    let running = try cli.start(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "60"])
    let url = try Self.authorizationURL(try running.firstLine())
    let redirect = try await Self.browse(url)
    #expect(redirect.host == "127.0.0.1" && redirect.port != nil)
    let page = try await URLSessionTransport(timeout: 10).send(HTTPRequest(url: redirect))
    #expect(page.status == 200)
    #expect(page.header("referrer-policy") == "no-referrer")
    let result = running.finish()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"signedIn\":true"))
  }

  @Test func timeoutCancelsThePendingSignIn() async throws {
    let (cli, _) = try await client(redirect: Self.schemeRedirect)
    let result = try cli.run(["sign-in", "github.com", "--no-browser", "--json", "--timeout", "1"])
    #expect(result.status != 0)
    #expect(result.stdout.contains("auth/web-context-cancelled"))
  }
}
