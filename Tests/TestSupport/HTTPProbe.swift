import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Real HTTP requests to the loopback listener, through URLSession (libcurl on Linux).
public enum HTTPProbe {
  public struct Answer {
    public var status: Int
    public var headers: [String: String]
    public var body: String
  }

  public static func request(_ url: URL, method: String = "GET") async throws -> Answer {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.connectionProxyDictionary = [:]
    configuration.timeoutIntervalForRequest = TestEnvironment.requestTimeout
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    var request = URLRequest(url: url)
    request.httpMethod = method
    let (data, response) = try await session.data(for: request)
    let http = try require_http(response)
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return Answer(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
  }

  private static func require_http(_ response: URLResponse) throws -> HTTPURLResponse {
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return http
  }
}
