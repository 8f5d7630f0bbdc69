import AuthDesktopKit
import AuthEngine
import Foundation
import TestSupport
import Testing

/// What only the desktop's HTTP transport (libsoup) is tested for: one kept-alive connection for several
/// requests, and proxies from the environment through GIO's resolver. The cases both transports share
/// are in `HTTPTransportTests`.
@Suite struct SoupHTTPTransportTests {
  /// A sign-in's token and profile requests go over one connection, the token request's POST included
  /// (libsoup opens a new connection for each request it does not know to be idempotent): the client side
  /// of every connection to a server of this test shows in `/proc/net/tcp` (open or in TIME_WAIT).
  @Test func requestsShareOneKeptAliveConnection() async throws {
    let server = try await SoupHTTPServer.start(port: 0, reuseAddress: false) { _ in
      { _ in HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("ok".utf8)) }
    }
    defer { server.requestStop() }
    let transport = SoupHTTPTransport(timeout: 5)
    let form = Data("grant_type=authorization_code&code=c".utf8)
    for (method, path) in [("POST", "token"), ("GET", "user"), ("GET", "user/emails"), ("POST", "token")] {
      let response = try await transport.send(
        HTTPRequest(
          method: method, url: server.baseURL.appendingPathComponent(path), headers: [],
          body: method == "POST" ? form : nil))
      #expect(response.status == 200 && response.body == Data("ok".utf8))
    }
    let ports = try withExtendedLifetime(transport) { try Self.clientPorts(connectingTo: server.port) }
    #expect(ports.count == 1, "client sockets: \(ports)")
  }

  /// In a child process (the environment is process-wide): `http_proxy` is used, and `no_proxy`
  /// hosts go direct.
  @Test func proxiesFromTheEnvironmentAreHonoured() async {
    await #expect(processExitsWith: .success) {
      let proxy = try RecordingProxy.start()
      setenv("http_proxy", "http://127.0.0.1:\(proxy.port)", 1)
      setenv("no_proxy", "127.0.0.1,localhost", 1)
      unsetenv("XDG_CURRENT_DESKTOP")  // GIO's GNOME resolver would read the desktop's settings instead
      let transport = SoupHTTPTransport(timeout: 5)
      let response = try await transport.send(HTTPRequest(url: URL(string: "http://proxied.invalid/probe")!))
      guard String(decoding: response.body, as: UTF8.self).hasPrefix("proxied:GET http://proxied.invalid/probe")
      else { exit(1) }
      let servers = try await TestServers.shared.start()
      let direct = try await transport.send(HTTPRequest(url: servers.github.appendingPathComponent("user")))
      guard direct.status == 401, !String(decoding: direct.body, as: UTF8.self).hasPrefix("proxied:") else { exit(3) }
      exit(0)
    }
  }

  /// Local ports of TCP connections to `127.0.0.1:port` (any state), from `/proc/net/tcp`.
  static func clientPorts(connectingTo port: UInt16) throws -> Set<String> {
    let remote = String(format: "0100007F:%04X", Int(port))
    return Set(try LoopbackSocketInspector.tcpTable().filter { $0.count > 3 && $0[2] == remote }.map { String($0[1]) })
  }
}
