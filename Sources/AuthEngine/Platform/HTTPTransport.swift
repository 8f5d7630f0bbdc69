import Foundation

/// One HTTP exchange. Headers keep their order; names compare case-insensitively.
public struct HTTPRequest: Sendable {
  public var method: String
  public var url: URL
  public var headers: [(name: String, value: String)]
  public var body: Data?

  public init(method: String = "GET", url: URL, headers: [(name: String, value: String)] = [], body: Data? = nil) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
  }

  public func header(_ name: String) -> String? {
    headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
  }
}

public struct HTTPResponse: Sendable {
  public var status: Int
  /// Header names lowercased.
  public var headers: [String: String]
  public var body: Data

  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
    self.body = body
  }

  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  /// The media type without parameters, lowercased (`application/json`).
  public var mediaType: String? {
    header("content-type")?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
  }
}

/// Sends HTTP requests. Implementations never follow redirects (a 3xx is returned as it is), apply
/// timeouts, and throw `AuthError(.networkRequestFailed, origin: .transport)` when no response arrives.
public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
