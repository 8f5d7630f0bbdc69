import AuthEngine
import Foundation
import TestSupport
import Testing

@testable import AuthURLSession

/// What only `URLSessionTransport` (AuthURLSession) is tested for: proxies from the environment, which
/// libcurl reads. The cases both transports share are in `HTTPTransportTests`.
@Suite struct URLSessionTransportTests {
  /// URLSession's calls (whose synchronous waits would hold a thread of Swift's pool) run where
  /// `send` puts them: on `SessionExecutor`'s queue.
  @Test func sessionCallsRunOnTheTransportsOwnQueue() async {
    let executor = SessionExecutor()
    let key = DispatchSpecificKey<Bool>()
    executor.queue.setSpecific(key: key, value: true)
    let there = await withTaskExecutorPreference(executor) { await Self.onQueue(key) }
    #expect(there)
    #expect(await Self.onQueue(key) == false)
  }

  nonisolated static func onQueue(_ key: DispatchSpecificKey<Bool>) async -> Bool {
    DispatchQueue.getSpecific(key: key) == true
  }

  /// In a child process (the environment is process-wide): `http_proxy` and `https_proxy` are used,
  /// and `no_proxy` hosts go direct.
  @Test func proxiesFromTheEnvironmentAreHonoured() async {
    await #expect(processExitsWith: .success) {
      let proxy = try RecordingProxy.start()
      setenv("http_proxy", "http://127.0.0.1:\(proxy.port)", 1)
      setenv("https_proxy", "http://127.0.0.1:\(proxy.port)", 1)
      setenv("no_proxy", "127.0.0.1,localhost", 1)
      let transport = URLSessionTransport(timeout: 5)
      let response = try await transport.send(HTTPRequest(url: URL(string: "http://proxied.invalid/probe")!))
      guard String(decoding: response.body, as: UTF8.self) == "proxied:GET http://proxied.invalid/probe HTTP/1.1" else {
        exit(1)
      }
      _ = try? await transport.send(HTTPRequest(url: URL(string: "https://tls.invalid/probe")!))
      let seen = try proxy.seen()
      guard seen.contains("CONNECT tls.invalid:443") else { exit(2) }
      // no_proxy: loopback goes direct (the proxy would answer "proxied:").
      let servers = try await TestServers.shared.start()
      let direct = try await transport.send(HTTPRequest(url: servers.github.appendingPathComponent("user")))
      guard direct.status == 401, !String(decoding: direct.body, as: UTF8.self).hasPrefix("proxied:") else { exit(3) }
      exit(0)
    }
  }
}
