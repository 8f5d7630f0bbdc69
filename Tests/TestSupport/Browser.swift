import AuthEngine
import AuthURLSession
import Foundation
import Testing

/// The one helper that plays the user's browser. Against the protocol servers, which approve at once,
/// `follow`: one GET of the authorization URL, and the raw `Location` it redirects to (curl's
/// `%{redirect_url}` would rewrite a custom-scheme one). At the provider emulator's consent page,
/// `approve`, `add` and `deny` (Browser+Consent.swift).
public enum Browser {
  public static func follow(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws -> URL {
    let response = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(HTTPRequest(url: url))
    #expect(
      response.status == 302, "authorization endpoint answered \(response.status)", sourceLocation: sourceLocation)
    return try #require(response.header("location").flatMap(URL.init(string:)), sourceLocation: sourceLocation)
  }
}
