import Foundation

/// A transport that answers from a closure and records every request: for unit tests and fault
/// injection (a provider's 500, a dropped connection, a hostile discovery document).
public final class InMemoryHTTPTransport: HTTPTransport, @unchecked Sendable {
  public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

  private let lock = NSLock()
  private var recorded: [HTTPRequest] = []
  private let handler: Handler

  public init(_ handler: @escaping Handler) { self.handler = handler }

  public var requests: [HTTPRequest] { lock.withLock { recorded } }

  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    lock.withLock { recorded.append(request) }
    return try await handler(request)
  }

  /// A JSON response.
  public static func json(_ object: Any, status: Int = 200) -> HTTPResponse {
    let body = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
  }
}
