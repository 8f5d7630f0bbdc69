import AuthEngine
import AuthURLSession
import Foundation

/// Real HTTP requests to the loopback listener, through URLSession (libcurl on Linux): `URLSessionTransport`,
/// which follows no redirect.
public enum HTTPProbe {
  public struct Answer {
    public var status: Int
    public var headers: [String: String]
    public var body: String
  }

  public static func request(_ url: URL, method: String = "GET") async throws -> Answer {
    let answer = try await URLSessionTransport(timeout: TestEnvironment.requestTimeout).send(
      HTTPRequest(method: method, url: url))
    return Answer(status: answer.status, headers: answer.headers, body: String(decoding: answer.body, as: UTF8.self))
  }
}
