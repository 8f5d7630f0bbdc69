import AuthDesktopKit
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// Both `HTTPTransport`s, the same cases: the desktop's libsoup one (`SoupHTTPTransport`) and
/// `URLSessionTransport` (AuthURLSession). Against the Authlib servers and small listeners: what they send
/// and return, redirects returned and not followed, timeouts and refused connections as
/// `auth/network-request-failed` without the URL. What only one of them does is in its own suite.
@Suite struct HTTPTransportTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case soup, urlSession
    var testDescription: String { rawValue }
    func make(timeout: TimeInterval) -> any HTTPTransport {
      switch self {
      case .soup: SoupHTTPTransport(timeout: timeout)
      case .urlSession: URLSessionTransport(timeout: timeout)
      }
    }
  }

  @Test(arguments: Kind.allCases) func sendsTheRequestAndReturnsTheAnswer(_ kind: Kind) async throws {
    let base = try await TestServers.shared.start().github
    let body = try JSONSerialization.data(withJSONObject: ["redirect_uris": [GitHubTestClient.schemeRedirect]])
    let response = try await kind.make(timeout: 5).send(
      HTTPRequest(
        method: "POST", url: base.appendingPathComponent("_test/clients"),
        headers: [("Content-Type", "application/json"), ("Accept", "application/json")], body: body))
    #expect(response.status == 200)
    #expect(response.mediaType == "application/json")
    let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
    #expect((object?["client_id"] as? String)?.isEmpty == false)
    let unauthorized = try await kind.make(timeout: 5).send(HTTPRequest(url: base.appendingPathComponent("user")))
    #expect(unauthorized.status == 401)
  }

  @Test(arguments: Kind.allCases) func redirectsAreReturnedNotFollowed(_ kind: Kind) async throws {
    let base = try await TestServers.shared.start().github
    let client = try await Control.post(
      base.appendingPathComponent("_test/clients"),
      ["redirect_uris": [GitHubTestClient.schemeRedirect], "fault": "token_redirect"])
    let id = try #require(client["client_id"] as? String)
    let response = try await kind.make(timeout: 5).send(
      HTTPRequest(
        method: "POST", url: base.appendingPathComponent("login/oauth/access_token"), body: Data("client_id=\(id)".utf8)
      ))
    #expect(response.status == 302)
    let log = try await Control.get(base.appendingPathComponent("_test/clients/\(id)/log")) as? [String: Any]
    #expect(log?["redirect_target_hits"] as? Int == 0)
  }

  @Test(arguments: Kind.allCases) func timeoutIsNetworkRequestFailedWithoutTheURL(_ kind: Kind) async throws {
    let silent = try await offThePool { try RecordingProxy.start(silent: true) }  // accepts and never answers
    defer { silent.process.terminate() }
    let error = await expectAuthError(.networkRequestFailed) {
      try await kind.make(timeout: 1).send(
        HTTPRequest(url: URL(string: "http://127.0.0.1:\(silent.port)/token?code=SECRETCODE")!))
    }
    #expect(error.map { "\($0) \($0.payload)" }?.contains("SECRETCODE") == false)
    guard case .network(let failure)? = error?.payload else {
      Issue.record("no network payload: \(String(describing: error))")
      return
    }
    #expect(failure == NetworkFailure(host: "127.0.0.1", reason: .timedOut(after: .seconds(1))))
  }

  @Test(arguments: Kind.allCases) func aRefusedConnectionIsNetworkRequestFailed(_ kind: Kind) async throws {
    let port = FreePort.next()
    let error = await expectAuthError(.networkRequestFailed) {
      try await kind.make(timeout: 5).send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/x")!))
    }
    guard case .network(let failure)? = error?.payload else {
      Issue.record("no network payload: \(String(describing: error))")
      return
    }
    #expect(failure == NetworkFailure(host: "127.0.0.1", reason: .connectionRefused))
  }
}
