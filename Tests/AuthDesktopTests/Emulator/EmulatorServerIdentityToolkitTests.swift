import AuthDesktopApp
import AuthEmulator
import AuthEngine
import AuthURLSession
import Foundation
import TestSupport
import Testing

/// The emulator server over libsoup on 127.0.0.1: the Identity Toolkit and Secure Token paths answer on
/// the same port as the providers, in the Firebase Auth Emulator's URL layout.
@Suite struct EmulatorServerIdentityToolkitTests {
  static let transport = URLSessionTransport(timeout: TestEnvironment.requestTimeout)

  static func json(_ response: HTTPResponse) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
  }

  @Test func theIdentityToolkitAnswersOnTheEmulatorsPort() async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("itk-server-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: data) }
    let server = try await EmulatorServer.start(
      port: 0, configuration: nil, dataDirectory: data, projectID: "demo-wire")
    let base =
      server.baseURL.absoluteString.hasSuffix("/")
      ? String(server.baseURL.absoluteString.dropLast()) : server.baseURL.absoluteString
    func post(_ path: String, _ body: Data, type: String = "application/json") async throws -> HTTPResponse {
      try await Self.transport.send(
        HTTPRequest(
          method: "POST", url: URL(string: base + path + "?key=AIza-any")!, headers: [("Content-Type", type)],
          body: body))
    }

    let ready = try await Self.transport.send(HTTPRequest(url: URL(string: base + "/")!))
    #expect((Self.json(ready)["authEmulator"] as? [String: Any])?["ready"] as? Bool == true)
    let signUp = try await post(
      "/identitytoolkit.googleapis.com/v1/accounts:signUp",
      Data(#"{"email":"ada@example.com","password":"correct horse","returnSecureToken":true}"#.utf8))
    #expect(signUp.status == 200, "\(String(decoding: signUp.body, as: UTF8.self))")
    let refreshToken = try #require(Self.json(signUp)["refreshToken"] as? String)
    let refreshed = try await post(
      "/securetoken.googleapis.com/v1/token",
      Data(FormParameters([("grant_type", "refresh_token"), ("refresh_token", refreshToken)]).encoded.utf8),
      type: "application/x-www-form-urlencoded")
    #expect(refreshed.status == 200)
    let idToken = try #require(Self.json(refreshed)["id_token"] as? String)
    let keys = try await Self.transport.send(
      HTTPRequest(url: URL(string: base + "/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com")!))
    let keySet = try #require(JSONValue.parse(keys.body))
    guard case .success(let verified) = VerifiedJWS.verify(idToken, keySet: keySet) else {
      Issue.record("the ID token does not verify with the published keys")
      return
    }
    #expect(verified.claims["aud"]?.string == "demo-wire")
    // The provider emulator answers beside it.
    let document = try await Self.transport.send(
      HTTPRequest(url: URL(string: base + ProviderEmulator.identityDocumentPath)!))
    #expect(document.status == 200)
    await server.stop()
    // The accounts outlive the server, in the data dir.
    #expect(FileManager.default.fileExists(atPath: data.path + "/emulator/identity-toolkit/accounts.json"))
  }
}
