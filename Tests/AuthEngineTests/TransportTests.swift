import AuthEngine
import Foundation
import TestSupport
import Testing

/// The real HTTP transport: redirects refused, timeouts, proxies from the environment.
@Suite struct TransportTests {
  /// Runs `Tests/Servers/recording_proxy.py`; returns its port, log file and the process (stdin held).
  static func startProxy(silent: Bool = false) throws -> (port: Int, log: URL, process: Process, stdin: Pipe) {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("proxy-\(UUID().uuidString).log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    let python =
      ProcessInfo.processInfo.environment["AUTH_DESKTOP_TEST_PYTHON"]
      ?? TestServers.repositoryRoot.appendingPathComponent(".venv/bin/python").path
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments =
      [TestServers.repositoryRoot.appendingPathComponent("Tests/Servers/recording_proxy.py").path, log.path]
      + (silent ? ["--silent"] : [])
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = stdout.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw TestSetupError("recording_proxy.py did not start") }
      line += chunk
    }
    let port = try #require(Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    return (port, log, process, stdin)
  }

  /// In a child process (the environment is process-wide): `http_proxy` and `https_proxy` are used,
  /// and `no_proxy` hosts go direct.
  @Test func proxiesFromTheEnvironmentAreHonoured() async {
    await #expect(processExitsWith: .success) {
      let proxy = try TransportTests.startProxy()
      setenv("http_proxy", "http://127.0.0.1:\(proxy.port)", 1)
      setenv("https_proxy", "http://127.0.0.1:\(proxy.port)", 1)
      setenv("no_proxy", "127.0.0.1,localhost", 1)
      let transport = URLSessionTransport(timeout: 5)
      let response = try await transport.send(HTTPRequest(url: URL(string: "http://proxied.invalid/probe")!))
      guard String(decoding: response.body, as: UTF8.self) == "proxied:GET http://proxied.invalid/probe HTTP/1.1" else {
        exit(1)
      }
      _ = try? await transport.send(HTTPRequest(url: URL(string: "https://tls.invalid/probe")!))
      let seen = try String(contentsOf: proxy.log, encoding: .utf8)
      guard seen.contains("CONNECT tls.invalid:443") else { exit(2) }
      // no_proxy: loopback goes direct (the proxy would answer "proxied:").
      let servers = try await TestServers.shared.start()
      let direct = try await transport.send(HTTPRequest(url: servers.github.appendingPathComponent("user")))
      guard direct.status == 401, !String(decoding: direct.body, as: UTF8.self).hasPrefix("proxied:") else { exit(3) }
      exit(0)
    }
  }

  @Test func redirectsAreReturnedNotFollowed() async throws {
    let github = try await Fixtures.github(["fault": "token_redirect"])
    let response = try await URLSessionTransport(timeout: 5).send(
      HTTPRequest(
        method: "POST", url: github.base.appendingPathComponent("login/oauth/access_token"),
        body: Data("client_id=\(github.clientID)".utf8)))
    #expect(response.status == 302)
    let log =
      try await Control.get(github.base.appendingPathComponent("_test/clients/\(github.clientID)/log"))
      as? [String: Any]
    #expect(log?["redirect_target_hits"] as? Int == 0)
  }

  @Test func timeoutIsNetworkRequestFailedWithoutTheURL() async throws {
    // A listener that accepts and never answers.
    let silent = try Self.startProxy(silent: true)
    defer { silent.process.terminate() }
    let error = await expectAuthError(.networkRequestFailed) {
      try await URLSessionTransport(timeout: 1).send(
        HTTPRequest(url: URL(string: "http://127.0.0.1:\(silent.port)/token?code=SECRETCODE")!))
    }
    #expect(error.map { "\($0) \($0.payload)" }?.contains("SECRETCODE") == false)
    guard case .network(let failure)? = error?.payload else {
      Issue.record("no network payload: \(String(describing: error))")
      return
    }
    #expect(failure == NetworkFailure(host: "127.0.0.1", reason: .timedOut(after: .seconds(1))))
  }
}
