import AuthEngine
import Foundation
import Testing

/// git's credential format as `GitCredentialRequest` reads it and `GitCredentialAnswer` writes it
/// (git-credential(1)), and the hosts each provider serves (`GitHosts`, `git_hosts`).
@Suite struct GitCredentialRequestTests {
  func parse(_ text: String) throws -> GitCredentialRequest { try GitCredentialRequest.parse(Data(text.utf8)) }

  @Test func readsGitsAttributes() throws {
    let request = try parse(
      "protocol=HTTPS\nhost=GitHub.com:443\npath=octocat/hello.git\nusername=mona\npassword=a=b\n"
        + "wwwauth[]=Basic realm=\"x\"\ncapability[]=authtype\ncapability[]=\ncapability[]=state\nfuture=1\n\nhost=ignored\n"
    )
    #expect(request.protocolName == "https" && request.host == "github.com:443")
    #expect(request.path == "octocat/hello.git" && request.username == "mona")
    #expect(request.password?.reveal() == "a=b", "split at the first =")
    #expect(request.wwwAuthenticate == ["Basic realm=\"x\""] && request.capabilities == ["state"])
    #expect(!"\(request)".contains("a=b") && !"\(request)".contains("mona"))
  }

  @Test func readsURLAndCRLFAndAnEmptyInput() throws {
    let url = try parse("url=https://mona:pw@Git.Example:8443/team/repo.git\r\n")
    #expect(url.protocolName == "https" && url.host == "git.example:8443" && url.path == "team/repo.git")
    #expect(url.username == "mona" && url.password?.reveal() == "pw")
    let empty = try parse("")
    #expect(empty.host == nil && empty.protocolName == nil && empty.password == nil && empty.capabilities.isEmpty)
  }

  @Test(arguments: [
    "protocol=https\nhost\n", "=x\n", "host=a\u{0}b\n", "url=not a url\n",
    String(repeating: "k=v\n", count: GitCredentialRequest.maximumLength / 4 + 1),
  ])
  func refusesWhatGitNeverWrites(_ text: String) {
    #expect(throws: AuthError.self) { try parse(text) }
    #expect((try? parse(text)) == nil)
    do { _ = try parse(text) } catch let error as AuthError {
      #expect(error.code == .invalidGitCredentialRequest)
    } catch { Issue.record("\(error)") }
  }

  @Test func refusesBytesThatAreNotUTF8() {
    #expect(throws: AuthError.self) { try GitCredentialRequest.parse(Data([0x68, 0x3D, 0xFF, 0x0A])) }
  }

  @Test func answersWithTheExpiryAndNeverCarriesANewline() throws {
    let expiry = Date(timeIntervalSince1970: 1_800_000_000.7)
    let answer = GitCredentialAnswer(username: "x-access-token", password: AccessToken("gho_1"), expiresAt: expiry)
    #expect(try answer.lines() == "username=x-access-token\npassword=gho_1\npassword_expiry_utc=1800000000\n")
    #expect(!"\(answer)".contains("gho_1"))
    let forged = GitCredentialAnswer(username: "u", password: AccessToken("t\nhost=evil"), expiresAt: nil)
    #expect(throws: AuthError.self) { try forged.lines() }
  }

  static let configuration = """
    [providers."github.com"]
    client_id = "c"

    [providers."oidc.corp"]
    issuer = "https://id.corp.example"
    client_id = "c"
    git_hosts = ["Git.Corp.Example", "127.0.0.1:8080"]

    [providers."oidc.other"]
    issuer = "https://id.other.example"
    client_id = "c"

    """

  @Test func eachHostHasItsProvider() throws {
    let configuration = try ConfigurationLoader.parse(Self.configuration, identity: .tests)
    #expect(GitHosts.provider(serving: "github.com", protocolName: "https", in: configuration) == "github.com")
    #expect(GitHosts.provider(serving: "git.corp.example", protocolName: "https", in: configuration) == "oidc.corp")
    #expect(GitHosts.provider(serving: "127.0.0.1:8080", protocolName: "http", in: configuration) == "oidc.corp")
    #expect(GitHosts.hosts(of: "oidc.other", in: configuration) == [])
    // A token never goes in clear to a host that is not this machine, nor to a host nobody named.
    #expect(GitHosts.provider(serving: "git.corp.example", protocolName: "http", in: configuration) == nil)
    #expect(GitHosts.provider(serving: "github.com:8443", protocolName: "https", in: configuration) == nil)
    #expect(GitHosts.provider(serving: "gitlab.com", protocolName: "https", in: configuration) == nil)
  }

  @Test func gitHostsReplacesGitHubsOwnHost() throws {
    let configuration = try ConfigurationLoader.parse(
      "[providers.\"github.com\"]\nclient_id = \"c\"\ngit_hosts = [\"ghe.example\"]\n", identity: .tests)
    #expect(GitHosts.hosts(of: "github.com", in: configuration) == ["ghe.example"])
  }

  @Test(arguments: [
    "https://git.example", "git.example/path", "user@git.example", "git.example:99999", "git.example:", "[::1",
  ])
  func aGitHostThatIsNoHostIsAConfigurationError(_ host: String) {
    let text =
      "[providers.\"oidc.corp\"]\nissuer = \"https://id.example\"\nclient_id = \"c\"\ngit_hosts = [\"\(host)\"]\n"
    do {
      _ = try ConfigurationLoader.parse(text, identity: .tests)
      Issue.record("\(host) was accepted")
    } catch let error as AuthError {
      #expect(error.configurationIssue?.key == "git_hosts" && error.configurationIssue?.problem == .notAGitHost)
    } catch { Issue.record("\(error)") }
  }

  @Test func xHasNoGitHosts() {
    let text = "[providers.\"twitter.com\"]\nconsumer_key = \"k\"\nconsumer_secret = \"s\"\ngit_hosts = [\"x.com\"]\n"
    #expect(throws: AuthError.self) { try ConfigurationLoader.parse(text, identity: .tests) }
  }
}
